import { SYNC_THRESHOLD_MINUTES, type ConnectionSync, type RegulatorBoardStatus, type RegulatorTenantStatus, type StationSync, type SyncStatus } from '@enviro/contracts/regulator';
import type { NotConnectedTenant } from '@enviro/contracts/regulator';
import type { RegulatorSyncCounts } from '@enviro/contracts/oversight';
import { liveStatus } from '@enviro/domain/live-status';
import { regulatorSync } from '@enviro/domain/regulator-sync';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { notFound } from '../../platform/errors.ts';
import { RegulatorLogRepository, type StationSyncRow } from './regulator-logs.repository.ts';
import { mappingStop } from './regulator-config.service.ts';
import { meaningOf } from './regulator-logs.service.ts';
import { RegulatorConfigRepository } from './regulator.repository.ts';
import type { EntityService } from '../entities/entities.service.ts';

const SLOT_MS = 15 * 60_000;
/** Worst first: an industry is as good as its worst station. */
const RANK: Record<SyncStatus, number> = { Delayed: 0, 'Out of Sync': 1, 'In Sync': 2 };

/**
 * SPEC 4 regulator sync per station, industry and board. The time difference is in MINUTES from the
 * end of the newest slot the regulator accepted to the station's newest data: records are 15-minute
 * slots, so 120 seconds would be less than one slot and no station could ever be in sync, while
 * 120 minutes (eight slots) tolerates a few slots in flight or retried.
 */
export class RegulatorStatusService {
  private readonly logs: RegulatorLogRepository;
  private readonly config: RegulatorConfigRepository;

  constructor(
    db: Db,
    private readonly entities: EntityService,
  ) {
    this.logs = new RegulatorLogRepository(db);
    this.config = new RegulatorConfigRepository(db);
  }

  async tenant(auth: Auth, tenantId: number): Promise<RegulatorTenantStatus> {
    assertCanReadTenant(auth, tenantId);
    const tenant = await this.config.tenantKind(tenantId);
    if (!tenant || tenant.status === 'DELETED') throw notFound(`No tenant with id= ${tenantId} exists`);
    const now = Date.now();
    const restriction = await this.entities.restriction(auth);
    const [mappings, rows] = await Promise.all([this.config.mappings(tenantId), this.logs.stationSync([tenantId], restriction)]);
    const connections: ConnectionSync[] = mappings.map((m) => {
      const stations = rows.filter((r) => r.connection_id === m.connection_id).map((r) => toStationSync(r, now));
      return {
        connectionId: Number(m.connection_id), connectionName: m.connection_name, statutoryName: m.statutory_name,
        protocol: m.protocol as ConnectionSync['protocol'], enabled: m.enabled && m.connection_enabled, stopped: mappingStop(m),
        sync: worst(stations.map((s) => s.sync)) ?? 'Out of Sync', stations,
      };
    });
    return { tenantId, tenantName: tenant.name, sync: worst(connections.map((c) => c.sync)), thresholdMinutes: SYNC_THRESHOLD_MINUTES, connections };
  }

  /** A board's industries with their sync on the board's own connections. */
  async board(auth: Auth, boardId: number): Promise<RegulatorBoardStatus> {
    assertCanReadTenant(auth, boardId);
    const board = await this.config.tenantKind(boardId);
    if (!board || board.status === 'DELETED' || board.type !== 'statutory') throw notFound(`No statutory body with id= ${boardId} exists`);
    const now = Date.now();
    const industries = (await this.logs.boardIndustries(boardId)).filter((t) => auth.tenantIds.includes(t.id));
    const boardConnections = (await this.config.connections()).filter((c) => c.statutory_id === boardId);
    const enabledIds = boardConnections.filter((c) => c.enabled).map((c) => c.id);
    const rows = await this.logs.stationSync(industries.map((t) => t.id), await this.entities.restriction(auth), boardConnections.map((c) => c.id));
    const mapped = new Set(rows.map((r) => `${r.tenant_id}:${r.connection_id}`));
    return {
      boardId, boardName: board.name, thresholdMinutes: SYNC_THRESHOLD_MINUTES,
      industries: industries.map((t) => {
        const stations = rows.filter((r) => r.tenant_id === t.id).map((r) => toStationSync(r, now));
        const connected = enabledIds.some((id) => mapped.has(`${t.id}:${id}`));
        const accepted = stations.map((s) => s.lastAcceptedSlot).filter((s): s is string => s !== null).sort();
        return {
          tenantId: t.id, tenantName: t.name, state: t.state, city: t.city, connected,
          sync: connected ? (worst(stations.map((s) => s.sync)) ?? 'Out of Sync') : null,
          inSync: stations.filter((s) => s.sync === 'In Sync').length,
          outOfSync: stations.filter((s) => s.sync === 'Out of Sync').length,
          delayed: stations.filter((s) => s.sync === 'Delayed').length,
          lastAcceptedSlot: accepted.at(-1) ?? null,
          pending: stations.reduce((n, s) => n + s.pending, 0),
        };
      }),
    };
  }

  /**
   * Per industry among `tenantIds`, its mapped stations the caller may see by their sync (a station
   * reporting to several bodies counts by its worst); industries with no mapping are left out. The
   * oversight overview reads it as the dashboards module's RegulatorSyncSource (wired in
   * dashboards.module.ts); its caller has checked access and passes the tenants it reads.
   */
  async syncCounts(tenantIds: readonly number[], visible: (station: { tenant_id: number; id: string }) => boolean): Promise<Map<number, RegulatorSyncCounts>> {
    const now = Date.now();
    const worstOf = new Map<string, { tenantId: number; sync: SyncStatus }>();
    for (const r of await this.logs.stationSync(tenantIds, null)) {
      if (!visible({ tenant_id: r.tenant_id, id: r.station_id })) continue;
      const sync = toStationSync(r, now).sync;
      const key = `${r.tenant_id}:${r.station_id}`;
      const seen = worstOf.get(key);
      if (!seen || RANK[sync] < RANK[seen.sync]) worstOf.set(key, { tenantId: r.tenant_id, sync });
    }
    const counts = new Map<number, RegulatorSyncCounts>();
    for (const { tenantId, sync } of worstOf.values()) {
      const c = counts.get(tenantId) ?? { inSync: 0, outOfSync: 0, delayed: 0 };
      if (sync === 'In Sync') c.inSync += 1;
      else if (sync === 'Out of Sync') c.outOfSync += 1;
      else c.delayed += 1;
      counts.set(tenantId, c);
    }
    return counts;
  }

  /**
   * Per station (`tenantId:stationId`) among `tenantIds`, its slots in [from, to) queued for the
   * regulator and those accepted: the compliance scorecard reads it as the compliance module's
   * RegulatorComplianceSource (wired in compliance.module.ts); its caller has checked access.
   */
  async syncShares(tenantIds: readonly number[], from: Date, to: Date): Promise<Map<string, { slots: number; accepted: number }>> {
    const rows = await this.logs.slotsAccepted(tenantIds, from, to);
    return new Map(rows.map((r) => [`${r.tenant_id}:${r.station_id}`, { slots: r.slots, accepted: r.accepted }]));
  }

  /**
   * The times in [from, to) a station's regulator pushes started failing or were accepted again:
   * the compliance timeline's sync changes (RegulatorComplianceSource); its caller has checked
   * access.
   */
  async syncChanges(tenantIds: readonly number[], from: Date, to: Date): Promise<{ tenantId: number; stationId: number; at: Date; accepted: boolean; error: string | null }[]> {
    const rows = await this.logs.outcomeChanges(tenantIds, from, to);
    return rows.map((r) => ({ tenantId: r.tenant_id, stationId: Number(r.station_id), at: r.at, accepted: r.outcome === 'SUCCESS', error: r.error_code }));
  }

  /** SPEC 7 actionable task: industries with reporting stations and no working connection. */
  async notConnected(auth: Auth): Promise<NotConnectedTenant[]> {
    assertSignedIn(auth);
    const now = Date.now();
    const rows = await this.logs.reportingTenants(auth.tenantIds);
    return rows.flatMap((r): NotConnectedTenant[] => {
      const base = { tenantId: r.id, tenantName: r.name, stations: r.stations, detail: null };
      if (r.mappings === 0) return [{ ...base, reason: 'NO_MAPPING', since: null }];
      if (r.enabled === 0) return [{ ...base, reason: 'DISABLED', since: null }];
      const stop = mappingStop(r);
      if (stop) return [{ ...base, reason: 'STOPPED', since: stop.at, detail: `${stop.code} ${stop.message ? `"${stop.message}"` : ''}: ${stop.meaning}` }];
      // Flagged once a record has waited over an hour since it was queued (not since its slot: a
      // back-filled slot is old the moment it is queued) with nothing accepted in that hour.
      const waitingLong = r.oldest_waiting !== null && now - r.oldest_waiting.getTime() > 3_600_000;
      const acceptedSince = r.last_accepted !== null && r.last_accepted.getTime() > now - 3_600_000;
      if (waitingLong && !acceptedSince) return [{ ...base, reason: 'FAILING', since: r.oldest_waiting!.toISOString() }];
      return [];
    });
  }
}

function toStationSync(r: StationSyncRow, now: number): StationSync {
  const live = liveStatus(r.last_data_at?.getTime(), now);
  const difference = r.last_accepted_slot && r.last_data_at ? Math.max(0, Math.round((r.last_data_at.getTime() - (r.last_accepted_slot.getTime() + SLOT_MS)) / 60_000)) : null;
  return {
    stationId: Number(r.station_id), stationName: r.station_name, stationType: r.station_type, liveStatus: live,
    lastDataAt: r.last_data_at?.toISOString() ?? null, lastAcceptedSlot: r.last_accepted_slot?.toISOString() ?? null,
    timeDifferenceMinutes: difference,
    // Nothing accepted yet counts as infinitely behind.
    sync: regulatorSync(live, difference ?? Number.POSITIVE_INFINITY),
    pending: r.pending, expired: r.expired, rejected: r.rejected, lastError: r.last_error, lastErrorMeaning: meaningOf(r.last_error),
  };
}

function worst(list: readonly SyncStatus[]): SyncStatus | null {
  if (list.length === 0) return null;
  return list.reduce((a, b) => (RANK[b] < RANK[a] ? b : a));
}
