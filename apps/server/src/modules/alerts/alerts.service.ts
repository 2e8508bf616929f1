import type { AlertCountRequest, AlertCounts } from '@enviro/contracts/alerts';
import type { z } from 'zod';
import { bucketGrid, type BucketInterval } from '@enviro/domain/interval';
import { periodRange } from '@enviro/domain/period';
import { assertCanReadTenant } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { AlertRepository, type AlertScope } from './alerts.repository.ts';

/** Most buckets one answer lists. */
export const MAX_ALERT_BUCKETS = 10_000;

type Request = z.output<typeof AlertCountRequest>;

/** Counts of a tenant's alerts (SPEC 3 alert count form) per parameter or per time bucket. */
export class AlertService {
  private readonly alerts: AlertRepository;

  constructor(
    db: Db,
    private readonly entities: EntityService,
    private readonly now: () => number = Date.now,
  ) {
    this.alerts = new AlertRepository(db);
  }

  async counts(auth: Auth, tenantId: number, byParameter: boolean, request: Request): Promise<AlertCounts> {
    assertCanReadTenant(auth, tenantId);
    const now = this.now();
    const { from, to } =
      request.startDate !== undefined && request.endDate !== undefined
        ? { from: Date.parse(request.startDate), to: Date.parse(request.endDate) }
        : // The current period ends now: its days still to come have no alerts to count.
          clipToNow(periodRange(request.period, 0, undefined, now, request.timezone), now);
    const scope: AlertScope = {
      tenantId,
      from,
      to,
      types: request.types,
      // A user limited to some entities counts only theirs.
      entityIds:
        request.nodeId === undefined
          ? await this.entities.visibleIds(auth, tenantId)
          : await this.entities.subtreeIds(auth, tenantId, request.nodeId),
    };
    const range = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };

    if (byParameter) {
      const rows = await this.alerts.countByParameter(scope);
      const groups = rows.map((r) => ({ paramName: r.name, paramLabel: r.label, count: r.count }));
      return { groupBy: 'parameter', ...range, total: sum(groups), groups };
    }
    const grid = bucketGrid(from, to, request.interval as BucketInterval, request.timezone, MAX_ALERT_BUCKETS);
    if (!grid) throw badRequest('body.interval', `${request.interval} over this range makes more than ${MAX_ALERT_BUCKETS} buckets`);
    const counts = new Array<number>(grid.starts.length).fill(0);
    let i = 0;
    for (const row of await this.alerts.countByQuarterHour(scope)) {
      while (i + 1 < grid.starts.length && grid.starts[i + 1]! <= row.quarter) i += 1;
      counts[i]! += row.count;
    }
    const groups = grid.starts.map((start, k) => ({ time: new Date(start).toISOString(), count: counts[k]! }));
    return { groupBy: 'interval', ...range, total: sum(groups), groups };
  }
}

const clipToNow = (range: { from: number; to: number }, now: number) => ({ from: range.from, to: Math.min(range.to, now) });

const sum = (groups: readonly { count: number }[]) => groups.reduce((n, g) => n + g.count, 0);
