import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Widget } from '@enviro/contracts/dashboards';
import { getEntityTreeQueryOptions } from '@/features/entities';
import { entityMetricKeys, type LiveState, useLiveValues } from '@/features/data';
import { stationChoices } from '../components/station-catalog';
import { widgetRequests } from '../components/widget-request';
import { useAfter } from './use-after';

/**
 * The stream opens once the widgets have had time to draw: over HTTP/1.1 it holds one of the
 * browser's six connections for as long as the page is open, which the first paint needs.
 */
const LIVE_AFTER_MS = 2_000;
/** GET /api/data/live takes at most this many stations. */
const MAX_STATIONS = 200;

/**
 * Live values on a dashboard: one stream of the stations its widgets show (named ones, and every
 * station of a widget's station type, from the entity tree), whose new readings refresh the
 * widgets' data queries as they are committed (same access rules as the data routes).
 */
export function useLiveBoard(widgets: readonly Widget[], tenantId: number | undefined, industry?: number): LiveState {
  const opened = useAfter(LIVE_AFTER_MS);
  const types = useMemo(() => new Set<string>(widgets.flatMap((w) => (w.entityIds.length === 0 && w.entityType ? [w.entityType] : []))), [widgets]);
  const tree = useQuery({ ...getEntityTreeQueryOptions(tenantId ?? 0), enabled: opened && types.size > 0 && tenantId !== undefined });
  const stations = useMemo(() => {
    const ids = new Set(widgets.flatMap((w) => w.entityIds));
    for (const s of stationChoices(tree.data ?? [])) if (types.has(s.type)) ids.add(s.id);
    return [...ids].slice(0, MAX_STATIONS);
  }, [widgets, types, tree.data]);
  const keys = useMemo(() => new Set(widgets.flatMap((w) => widgetRequests(w, Date.now(), industry).map((r) => JSON.stringify(r)))), [widgets, industry]);
  return useLiveValues(opened ? stations : [], undefined, (key) => key[0] === entityMetricKeys.all[0] && keys.has(JSON.stringify(key[1])));
}
