import type { CreateRepublishInput, ErrorCodes, FilesOfOneDay, ListOfFiles, LogFiles, RepublishRequest, SuccessCounts } from '@enviro/contracts/regulator';
import { CreateRepublishInput as RepublishSchema } from '@enviro/contracts/regulator';
import { addDays, dayOf, DEFAULT_TIME_ZONE, parseLocalDate, startOfDay } from '@enviro/domain/time-zone';
import { assertCanReadTenant, assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { recordTenantAudit } from '../../platform/audit/audit-trail.ts';
import { OutboxRepository } from './outbox.repository.ts';
import { PROTOCOLS } from './protocols/index.ts';
import { TRANSPORT_ERROR_CODES } from './protocols/protocol.ts';
import { RegulatorLogRepository, type LogFilter, type RepublishRow } from './regulator-logs.repository.ts';
import { RegulatorConfigRepository } from './regulator.repository.ts';
import type { EntityService } from '../entities/entities.service.ts';

const SLOT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 92;
const MAX_REPUBLISH_DAYS = 31;

export interface LogQuery {
  tenantId: number;
  connectionId?: number | undefined;
  stationId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The meaning of every error code a push can end with: ours, then each protocol's. */
export function errorMeanings(): Record<string, string> {
  return Object.assign({}, ...Object.values(PROTOCOLS).map((p) => p.errorCodes), TRANSPORT_ERROR_CODES) as Record<string, string>;
}

/** The meaning of the code an error text starts with (`CODE: answer`, as records keep their last error), or null. */
export function meaningOf(error: string | null): string | null {
  if (!error) return null;
  const code = error.split(':', 1)[0]!.trim();
  return errorMeanings()[code] ?? 'not a known code of this protocol';
}

/**
 * Push logs and republishing (SPEC 7 compliance and uptime): what was sent, when, with which answer,
 * per IST day, station and error code, within the industries the caller reads; and requests to send
 * a station's range again, with their progress.
 */
export class RegulatorLogService {
  private readonly logs: RegulatorLogRepository;
  private readonly outbox: OutboxRepository;
  private readonly config: RegulatorConfigRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
  ) {
    this.logs = new RegulatorLogRepository(db);
    this.outbox = new OutboxRepository(db);
    this.config = new RegulatorConfigRepository(db);
  }

  async filesPerDay(auth: Auth, query: LogQuery): Promise<ListOfFiles> {
    assertCanReadTenant(auth, query.tenantId);
    return this.logs.filesPerDay(await this.filter(auth, query));
  }

  async filesOfDay(auth: Auth, query: Omit<LogQuery, 'from' | 'to'> & { date: string; status?: string | undefined; page: number; size: number }): Promise<FilesOfOneDay> {
    assertCanReadTenant(auth, query.tenantId);
    const { rows, total } = await this.logs.files({ ...(await this.filter(auth, { ...query, from: query.date, to: query.date })), status: query.status, page: query.page, size: query.size });
    return {
      items: rows.map((r) => ({
        id: Number(r.id), connectionId: Number(r.connection_id), connectionName: r.connection_name, stationId: Number(r.station_id), stationName: r.station_name,
        slot: r.slot.toISOString(), status: r.status as 'PENDING', kind: r.kind as 'REALTIME', attempts: r.attempts,
        nextTryAt: r.status === 'PENDING' ? r.next_try_at.toISOString() : null, sentAt: r.sent_at?.toISOString() ?? null, lastError: r.last_error,
        lastErrorMeaning: meaningOf(r.last_error),
        values: r.value_count, calibrationValues: r.calibration_count, createdAt: r.created_at.toISOString(),
      })),
      total, page: query.page, size: query.size,
    };
  }

  async attempts(auth: Auth, query: LogQuery & { outcome?: string | undefined; errorCode?: string | undefined; page: number; size: number }): Promise<LogFiles> {
    assertCanReadTenant(auth, query.tenantId);
    const { rows, total } = await this.logs.attempts({ ...(await this.filter(auth, query)), outcome: query.outcome, errorCode: query.errorCode, page: query.page, size: query.size });
    return {
      items: rows.map((r) => ({
        id: Number(r.id), connectionId: Number(r.connection_id), connectionName: r.connection_name, stationId: Number(r.station_id), stationName: r.station_name,
        slot: r.slot.toISOString(), kind: r.kind as 'REALTIME', at: r.at.toISOString(), durationMs: r.duration_ms, outcome: r.outcome as 'SUCCESS',
        httpStatus: r.http_status, errorCode: r.error_code, answer: r.answer, meaning: r.error_code ? meaningOf(r.error_code) : null,
      })),
      total, page: query.page, size: query.size,
    };
  }

  async errorCodes(auth: Auth, query: LogQuery): Promise<ErrorCodes> {
    assertCanReadTenant(auth, query.tenantId);
    const meanings = errorMeanings();
    return (await this.logs.errorCounts(await this.filter(auth, query))).map((r) => ({ code: r.code, meaning: meanings[r.code] ?? 'not a known code of this protocol', count: r.count }));
  }

  async successCounts(auth: Auth, query: LogQuery): Promise<SuccessCounts> {
    assertCanReadTenant(auth, query.tenantId);
    return (await this.logs.successCounts(await this.filter(auth, query))).map((r) => ({ date: r.date, stationId: Number(r.station_id), stationName: r.station_name, success: r.success, failed: r.failed }));
  }

  /** The log filter of a query: its period, and for a user limited to some stations, those; a hidden station named answers 404. */
  private async filter(auth: Auth, q: LogQuery): Promise<LogFilter> {
    const restriction = await this.entities.restriction(auth);
    if (q.stationId !== undefined && !entityVisible(restriction, { tenant_id: q.tenantId, id: String(q.stationId) })) throw notFound(`No Node with id= ${q.stationId} exists`);
    return { ...periodOf(q), restriction };
  }

  /** Queues the station's slots with data in the range again on its connections; audited. */
  async createRepublish(auth: Auth, input: CreateRepublishInput): Promise<RepublishRequest> {
    const user = assertSignedIn(auth);
    const values = RepublishSchema.parse(input);
    assertCanReadTenant(user, values.tenantId);
    const from = new Date(Math.floor(Date.parse(values.from) / SLOT_MS) * SLOT_MS);
    const to = new Date(Date.parse(values.to));
    if (to.getTime() <= from.getTime()) throw badRequest('to', 'must be after from');
    if (to.getTime() > Date.now() + 60_000) throw badRequest('to', 'must not be in the future');
    if (to.getTime() - from.getTime() > MAX_REPUBLISH_DAYS * DAY_MS) throw badRequest('to', `at most ${MAX_REPUBLISH_DAYS} days after from`);
    return this.db.transaction().execute(async (trx) => {
      const logs = this.logs.in(trx);
      const restriction = await this.entities.restriction(user);
      if (!(await logs.stationExists(values.tenantId, values.stationId)) || !entityVisible(restriction, { tenant_id: values.tenantId, id: String(values.stationId) })) {
        throw badRequest('stationId', `no station ${values.stationId} in tenant ${values.tenantId}`);
      }
      let connectionIds = await this.mappedConnections(trx, values.tenantId, values.stationId);
      if (values.connectionIds) {
        const unknown = values.connectionIds.find((id) => !connectionIds.includes(String(id)));
        if (unknown !== undefined) throw badRequest('connectionIds', `the station is not mapped on an enabled connection ${unknown}`);
        connectionIds = values.connectionIds.map(String);
      }
      if (connectionIds.length === 0) throw badRequest('stationId', 'the station is mapped on no enabled connection');
      const id = await this.enqueueRepublish(trx, user, { ...values, from, to }, connectionIds);
      const [row] = await logs.republishes(values.tenantId, user.tenantIds, restriction, undefined, id);
      return toRepublish(row!);
    });
  }

  /**
   * Republishes a station's range after an approved data correction, in the caller's transaction
   * (the one recording the correction, so what is sent is the corrected figures): a republish request
   * like one made on the logs screen, on every enabled connection mapping the station, audited as
   * the approving user's. Answers its id, or null when no enabled connection maps the station (nothing
   * to send). No caller: the change-requests module has checked the station and the period.
   */
  async republishCorrection(trx: Db, user: { userId: number }, input: { tenantId: number; stationId: number; params: string[]; from: Date; to: Date; reason: string }): Promise<string | null> {
    const connectionIds = await this.mappedConnections(trx, input.tenantId, input.stationId);
    if (connectionIds.length === 0) return null;
    const from = new Date(Math.floor(input.from.getTime() / SLOT_MS) * SLOT_MS);
    return this.enqueueRepublish(trx, user, { ...input, from, reason: input.reason.slice(0, 500) }, connectionIds);
  }

  /** The enabled connections whose enabled mapping of the industry names the station. */
  private async mappedConnections(trx: Db, tenantId: number, stationId: number): Promise<string[]> {
    const mappings = (await this.config.in(trx).mappings(tenantId)).filter(
      (m) => m.enabled && m.connection_enabled && (m.stations as { stationId: number }[]).some((s) => s.stationId === stationId),
    );
    return mappings.map((m) => m.connection_id);
  }

  /** Records a republish request and queues its records; audited. */
  private async enqueueRepublish(
    trx: Db,
    user: { userId: number },
    values: { tenantId: number; stationId: number; params: string[]; from: Date; to: Date; reason: string },
    connectionIds: string[],
  ): Promise<string> {
    const logs = this.logs.in(trx);
    const { tenantId, stationId, params, from, to, reason } = values;
    const id = await logs.insertRepublish({ tenant_id: tenantId, station_id: stationId, params, from_ts: from, to_ts: to, reason, created_by: `user:${user.userId}` });
    const total = await this.outbox.in(trx).enqueueRange({ tenantId, connectionIds, stationId, from, to, republishId: id, params });
    await logs.setRepublishTotal(tenantId, id, total);
    await recordTenantAudit(trx, user, tenantId, 'regulatorRepublish', null, { id: Number(id), stationId, params, from, to, reason, total });
    return id;
  }

  async republishes(auth: Auth, tenantId: number, stationId?: number): Promise<RepublishRequest[]> {
    assertCanReadTenant(auth, tenantId);
    return (await this.logs.republishes(tenantId, auth.tenantIds, await this.entities.restriction(auth), stationId)).map(toRepublish);
  }
}

/**
 * A later request, or the slot's own re-push after late data, takes over an outbox row this request
 * queued (one row per connection and slot): what it sends is then counted there, and here as
 * superseded, so that a request all of whose rows were taken over ends instead of staying queued.
 */
function toRepublish(r: RepublishRow): RepublishRequest {
  const superseded = Math.max(0, r.total - r.sent - r.failed - r.pending);
  const ended = r.pending === 0 && r.sent + r.failed + superseded >= r.total;
  const status = ended
    ? r.total > 0 && superseded === r.total ? 'SUPERSEDED' : r.failed > 0 ? 'PARTIAL' : 'DONE'
    : r.sent + r.failed === 0 ? 'QUEUED' : 'IN_PROGRESS';
  return {
    id: Number(r.id), tenantId: r.tenant_id, stationId: Number(r.station_id), stationName: r.station_name, params: r.params,
    from: r.from_ts.toISOString(), to: r.to_ts.toISOString(), reason: r.reason, createdBy: r.created_by, createdByName: r.created_by_name,
    createdAt: r.created_at.toISOString(), total: r.total, sent: r.sent, failed: r.failed, superseded, status,
  };
}

/** IST days to instants; default the last 7 days; at most 92 days. */
function periodOf(q: LogQuery): Omit<LogFilter, 'restriction'> {
  const toDay = q.to ?? dayOf(Date.now(), DEFAULT_TIME_ZONE);
  if (parseLocalDate(toDay) === undefined) throw badRequest('to', 'not a calendar date');
  const fromDay = q.from ?? addDays(toDay, -6);
  const from = new Date(startOfDay(fromDay, DEFAULT_TIME_ZONE));
  const to = new Date(startOfDay(addDays(toDay, 1), DEFAULT_TIME_ZONE));
  if (Number.isNaN(from.getTime())) throw badRequest('from', 'not a calendar date');
  if (to.getTime() <= from.getTime()) throw badRequest('to', 'must not be before from');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw badRequest('to', `at most ${MAX_RANGE_DAYS} days after from`);
  return { tenantId: q.tenantId, connectionId: q.connectionId, stationId: q.stationId, from, to };
}

