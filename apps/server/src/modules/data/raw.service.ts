import type { RawDataRequest, RawDataResponse } from '@enviro/contracts/data/raw';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { RawRepository } from './raw.repository.ts';
import { scopeDataTenantIds } from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { CatalogCache } from './catalog.ts';
import { assertKnownParams, selectSeries, type SelectedSeries } from './selection.ts';
import { resolveWindow, windowFields } from './time-window.ts';

/** Raw readings of POST /api/rawdata/metric as a table: time, entity, device and one column per parameter. */
export class RawDataService {
  private readonly readings: RawRepository;

  constructor(
    db: Db,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly catalogs: CatalogCache,
    private readonly now: () => number = Date.now,
  ) {
    this.readings = new RawRepository(db);
  }

  async table(auth: Auth, request: RawDataRequest): Promise<RawDataResponse> {
    const [snapshot, restriction] = await Promise.all([
      scopeDataTenantIds(this.access, auth, request).then((ids) => this.catalogs.read(ids)),
      this.entities.restriction(auth),
    ]);
    const range = resolveWindow(request, this.now());
    const names = request.params ? [...new Set(request.params)] : null;
    if (request.params) assertKnownParams(snapshot.params, request.params);
    // Each station's series for the periods its devices served it (mount history), as trends read them.
    const series = selectSeries(snapshot, restriction, request, names, true);
    const columns = tableColumns(series, names);

    const keys = series.map((s) => ({ tenantId: s.tenant_id, deviceId: s.device_id, slot: s.slot, fromMs: s.from_ms, toMs: s.to_ms }));
    const [micros, deviceId] = request.cursor?.split(':') ?? [];
    const rows = await this.readings.rows(keys, {
      from: range.from,
      to: range.to,
      limit: request.limit + 1,
      offset: request.offset,
      after: micros !== undefined && deviceId !== undefined ? { micros, deviceId } : undefined,
    });
    const page = rows.slice(0, request.limit);
    const last = page[page.length - 1];

    const byDevice = new Map<string, SelectedSeries[]>();
    for (const s of series) byDevice.set(s.device_id, [...(byDevice.get(s.device_id) ?? []), s]);
    return {
      range: { from: range.from, to: range.to, raw: windowFields(request), timezone: request.timezone },
      columns,
      rows: page.map((row) => {
        const time = Math.floor(Number(row.micros) / 1000);
        // The series of the device's mount at the row's time: the station it served then.
        const deviceSeries = byDevice.get(row.device_id)!.filter((s) => (s.from_ms === null || time >= s.from_ms) && (s.to_ms === null || time < s.to_ms));
        const values: Record<string, number | null> = Object.fromEntries(columns.map((c) => [c.name, null]));
        for (const s of deviceSeries) values[s.name] = row.vals[s.slot - 1] ?? null;
        return {
          time,
          entityId: Number(deviceSeries[0]!.entity.id),
          entityName: deviceSeries[0]!.entity.name,
          deviceId: Number(row.device_id),
          values,
        };
      }),
      nextCursor: rows.length > request.limit && last ? `${last.micros}:${last.device_id}` : null,
    };
  }
}

/** One column per parameter, in request order (else as the devices list them); unit null when devices disagree. */
function tableColumns(series: readonly SelectedSeries[], names: readonly string[] | null): RawDataResponse['columns'] {
  const order = names ?? [...new Set(series.map((s) => s.name))];
  return order.flatMap((name) => {
    const of = series.filter((s) => s.name === name);
    if (of.length === 0) return [];
    const units = new Set(of.map((s) => s.unit));
    return [{ name, label: of[0]!.label, unit: units.size === 1 ? of[0]!.unit : null }];
  });
}
