import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { StationMapping } from '@enviro/contracts/regulator';
import type { Db } from '../../platform/database/database.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import type { SuppressionWindowService, SuppressionWindow } from '../devices/suppression-windows.service.ts';
import type { CredentialVault, StoredCredentials } from './credentials.ts';
import { resolveParam } from './mapping-validation.ts';
import { OutboxRepository, type ClaimedRecord, type PushResult, type SlotValueRow } from './outbox.repository.ts';
import { PROTOCOLS } from './protocols/index.ts';
import type { OutboundDevice, OutboundRecord, OutboundValue, ProtocolAdapter, PushRequest, PushVerdict, ValueFlag } from './protocols/protocol.ts';
import { RegulatorConfigRepository, type ConnectionRow, type MappingRow } from './regulator.repository.ts';
import { ResultWriter } from './result-writer.ts';

/** The slot-change consumer name of the regulator outbox (inserted into slot_consumer by 040_regulator.sql). */
export const REGULATOR_CONSUMER = 'regulator';

const SLOT_MS = 15 * 60_000;

export interface OutboxOptions {
  /** Names this sender's leases (default host:pid:random). */
  owner?: string;
  /** Pushes in flight at once per connection (default 64): a connection whose endpoint hangs holds only these. */
  concurrency?: number;
  /** How long a claimed record is held before another sender may take it (default 60 s). */
  leaseMs?: number;
  /** Per-request timeout (default 15 s). */
  timeoutMs?: number;
  /** First retry delay, doubled per attempt (default 15 s). */
  baseBackoffMs?: number;
  /** Longest retry delay (default 5 min): an outage heals within this of the regulator coming back. */
  maxBackoffMs?: number;
  /** Told once when a configuration error the regulator answered stops an industry on a connection (mails its administrators). */
  onStop?: (stop: MappingStopped) => Promise<void>;
  /** The data-quality verdicts of slots, for the values' flags; without it every value outside a window is NORMAL. */
  quality?: SlotQualitySource;
}

/**
 * The slots of devices that are not valid (suspect or invalid), as the data-quality module judged them
 * by the time a record is built: defined here, filled in regulator.module.ts from app.dataQuality.
 */
export interface SlotQualitySource {
  flagged(tenantId: number, deviceIds: readonly string[], from: Date, to: Date): Promise<readonly { deviceId: string; slot: number; at: number; state: string }[]>;
}

/** An industry stopped on a connection by a configuration error the regulator answered. */
export interface MappingStopped {
  tenantId: number;
  connectionId: string;
  code: string;
  message: string;
  regulatorDeviceId: string | null;
}

/**
 * The durable outbox to regulators. `consume` turns closed slots of the feed into records (one per
 * connection, station and slot, in the feed's transaction); `dispatch` leases each station's oldest due
 * record, builds its payload from the rollups and starts pushing it with the connection's protocol,
 * each request with its own deadline, each record's outcome written as soon as it is known (in
 * batches, `result-writer.ts`). Each connection has its own share of pushes in flight, so an endpoint
 * that hangs holds only its own records. A record is SENT only on the regulator's success answer;
 * failures retry with exponential backoff; records older than the back-fill limit become EXPIRED; a
 * configuration error stops the industry on the connection. State lives in PostgreSQL, so any number
 * of servers run it and a kill -9 only leaves a lease to run out (the regulator deduplicates the
 * second copy). No caller: a background job (regulator-worker.ts) and tests run it.
 */
export class RegulatorOutbox {
  private readonly outbox: OutboxRepository;
  private readonly config: RegulatorConfigRepository;
  private readonly feed: SlotChangeFeed;
  private readonly writer: ResultWriter;
  readonly owner: string;
  private readonly opts: Required<Omit<OutboxOptions, 'owner' | 'onStop' | 'quality'>>;
  /** Pushes in flight by connection id. */
  private readonly busy = new Map<string, number>();
  private readonly running = new Set<Promise<unknown>>();
  /** Aborts the requests in flight when the server stops (their leases run out; another sender takes them). */
  private readonly shutdown = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly windows: SuppressionWindowService,
    private readonly vault: CredentialVault,
    private readonly options: OutboxOptions = {},
  ) {
    this.outbox = new OutboxRepository(db);
    this.config = new RegulatorConfigRepository(db);
    this.feed = new SlotChangeFeed(db);
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.writer = new ResultWriter((results) => this.outbox.complete(this.owner, results));
    this.opts = {
      concurrency: options.concurrency ?? 64,
      leaseMs: options.leaseMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 15_000,
      baseBackoffMs: options.baseBackoffMs ?? 15_000,
      maxBackoffMs: options.maxBackoffMs ?? 300_000,
    };
  }

  /** Queues records for up to `limit` closed slots of the feed; answers how many slots were taken. */
  consume(limit = 1000): Promise<number> {
    return this.feed.consume(REGULATOR_CONSUMER, limit, async (trx, slots) => {
      await this.outbox.in(trx).enqueueSlots(slots);
    });
  }

  /** Deletes settled records and attempts past the logs' reach (93 days), a batch at a time; answers how many. */
  prune(limit = 10_000): Promise<number> {
    return this.outbox.prune(93, limit);
  }

  /** Marks waiting records older than their connection's back-fill limit EXPIRED. */
  expire(): Promise<number> {
    return this.outbox.expire();
  }

  /** Records waiting to be sent. */
  pending(): Promise<number> {
    return this.outbox.pending();
  }

  /** Pushes in flight on this sender. */
  get inFlight(): number {
    return this.running.size;
  }

  /**
   * Leases what each connection's free share allows (at most `limit`) and starts pushing it; answers
   * one promise per record, settled once its outcome is written.
   */
  async dispatch(limit = 2000): Promise<Promise<PushResult>[]> {
    const claimed = await this.outbox.claim(this.owner, { limit, perConnection: this.opts.concurrency, busy: this.busy, leaseMs: this.opts.leaseMs });
    if (claimed.length === 0) return [];
    for (const c of claimed) this.busy.set(c.connection_id, (this.busy.get(c.connection_id) ?? 0) + 1);
    let context: Context;
    try {
      context = await this.context(claimed);
    } catch (error) {
      for (const c of claimed) this.release(c.connection_id);
      throw error;
    }
    return claimed.map((record) => {
      const done = this.push(record, context)
        .then((result) => this.writer.write(result).then(() => result))
        .finally(() => {
          this.release(record.connection_id);
          this.running.delete(done);
        });
      this.running.add(done);
      return done;
    });
  }

  /** Waits until a push in flight settles, or `timeoutMs` (the worker's pause while every share is taken). */
  async anySettled(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([...[...this.running].map((p) => p.catch(() => undefined)), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** One round (tests, the bench): expires what is too old, leases up to `limit` station heads, pushes them, waits for the outcomes. */
  async deliver(limit = 2000): Promise<{ claimed: number; sent: number; failed: number }> {
    await this.outbox.expire();
    const results = await Promise.all(await this.dispatch(limit));
    const sent = results.filter((r) => r.outcome === 'SUCCESS').length;
    return { claimed: results.length, sent, failed: results.length - sent };
  }

  /** Consumes the feed and delivers until nothing is due (tests, the bench). */
  async drain(maxRounds = 1000): Promise<void> {
    while ((await this.consume()) > 0);
    for (let i = 0; i < maxRounds; i++) {
      const { claimed } = await this.deliver();
      if (claimed === 0) return;
    }
  }

  /** Aborts the pushes in flight and waits for them to settle (server shutdown). */
  async stop(): Promise<void> {
    this.shutdown.abort();
    await Promise.allSettled([...this.running]);
  }

  private release(connectionId: string): void {
    const n = (this.busy.get(connectionId) ?? 1) - 1;
    if (n > 0) this.busy.set(connectionId, n);
    else this.busy.delete(connectionId);
  }

  /** What the claimed records' payloads are built from, read in one go. */
  private async context(claimed: readonly ClaimedRecord[]): Promise<Context> {
    const connections = new Map((await this.config.connections()).map((c) => [c.id, c]));
    const mappings = new Map((await this.config.activeMappings([...new Set(claimed.map((c) => c.tenant_id))])).map((m) => [`${m.tenant_id}:${m.connection_id}`, m]));
    const values = await this.outbox.slotValues(claimed.map((c) => ({ tenantId: c.tenant_id, stationId: c.station_id, slot: c.slot })));
    const windows = await this.calibrationWindows(values);
    const quality = await this.qualityStates(values);
    const valuesOf = groupBy(values, (v) => `${v.tenant_id}:${v.entity_id}:${v.bucket.getTime()}`);
    const positions = new Map((await this.outbox.stationPositions(claimed.map((c) => ({ tenantId: c.tenant_id, stationId: c.station_id })))).map((p) => [`${p.tenant_id}:${p.station_id}`, p]));
    return { connections, mappings, valuesOf, windows, quality, positions };
  }

  /** The verdicts of the values' slots that are suspect or invalid, by `${deviceId}:${slot}:${at}`. */
  private async qualityStates(values: readonly SlotValueRow[]): Promise<Map<string, ValueFlag>> {
    const result = new Map<string, ValueFlag>();
    if (!this.options.quality) return result;
    for (const [tenantId, rows] of groupBy(values, (v) => v.tenant_id)) {
      const times = rows.map((r) => r.bucket.getTime());
      const from = new Date(Math.min(...times));
      const to = new Date(Math.max(...times) + SLOT_MS);
      for (const f of await this.options.quality.flagged(tenantId, [...new Set(rows.map((r) => r.device_id))], from, to)) {
        if (f.state === 'suspect' || f.state === 'invalid') result.set(`${f.deviceId}:${f.slot}:${f.at}`, f.state === 'suspect' ? 'SUSPECT' : 'INVALID');
      }
    }
    return result;
  }

  private async calibrationWindows(values: readonly SlotValueRow[]): Promise<Map<number, SuppressionWindow[]>> {
    const result = new Map<number, SuppressionWindow[]>();
    for (const [tenantId, rows] of groupBy(values, (v) => v.tenant_id)) {
      const times = rows.map((r) => r.bucket.getTime());
      const from = new Date(times.reduce((a, b) => Math.min(a, b)));
      const to = new Date(times.reduce((a, b) => Math.max(a, b)) + SLOT_MS);
      const devices = rows.map((r) => ({ deviceId: r.device_id, entityId: r.entity_id }));
      result.set(tenantId, await this.windows.covering(tenantId, devices, from, to));
    }
    return result;
  }

  /** One record: prepared, its requests sent (each with its own deadline), the answers combined. */
  private async push(record: ClaimedRecord, ctx: Context): Promise<PushResult> {
    const now = new Date();
    const prepared = await this.prepare(record, ctx, now);
    if ('outcome' in prepared) return prepared;
    const requests = prepared.adapter.build(prepared.url, prepared.credentials, prepared.outbound, now);
    const started = performance.now();
    const answers = await Promise.all(requests.map((r) => this.send(r, prepared.adapter)));
    const durationMs = Math.round(performance.now() - started);
    // The record fares as its worst request: a device refused holds the station's record.
    const answer = answers.reduce((a, b) => (SEVERITY[b.verdict.outcome] > SEVERITY[a.verdict.outcome] ? b : a));
    const { verdict } = answer;
    if (verdict.outcome === 'STOP') {
      const stop = { tenantId: record.tenant_id, connectionId: record.connection_id, code: verdict.errorCode!, message: verdict.message ?? '', regulatorDeviceId: answer.request.regulatorDeviceId };
      if (await this.config.stopMapping(stop.tenantId, stop.connectionId, stop)) await this.options.onStop?.(stop);
    }
    return {
      ...prepared.base, outcome: verdict.outcome, errorCode: verdict.errorCode, answer: answer.text.slice(0, 500), httpStatus: answer.httpStatus,
      durationMs, nextTryAt: prepared.retryAt, attempted: true,
    };
  }

  /** One request and what its answer means. */
  private async send(request: PushRequest, adapter: ProtocolAdapter): Promise<{ request: PushRequest; verdict: PushVerdict; text: string; httpStatus: number | null }> {
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(this.opts.timeoutMs), this.shutdown.signal]);
      const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal });
      const text = await response.text();
      return { request, verdict: adapter.interpret(response.status, text), text, httpStatus: response.status };
    } catch (error) {
      const timeout = (error as Error).name === 'TimeoutError';
      return { request, verdict: { outcome: 'RETRY', errorCode: timeout ? 'TIMEOUT' : 'NETWORK' }, text: String((error as Error).cause ?? (error as Error).message), httpStatus: null };
    }
  }

  /** A record ready to send, or its outcome when nothing can be sent. */
  private async prepare(record: ClaimedRecord, ctx: Context, now: Date): Promise<Prepared | PushResult> {
    const connection = ctx.connections.get(record.connection_id);
    const mapping = ctx.mappings.get(`${record.tenant_id}:${record.connection_id}`);
    const late = now.getTime() - (record.slot.getTime() + SLOT_MS) > SLOT_MS;
    const kind = record.kind === 'REALTIME' && late ? 'DELAYED' : record.kind;
    const base = {
      tenantId: record.tenant_id, id: record.id, connectionId: record.connection_id, stationId: record.station_id, slot: record.slot,
      version: record.version, kind, at: now, durationMs: 0, httpStatus: null, values: 0, calibrationValues: 0,
    };
    const backoff = Math.min(this.opts.baseBackoffMs * 2 ** Math.min(record.attempts, 20), this.opts.maxBackoffMs) * (0.8 + Math.random() * 0.4);
    const retryAt = new Date(now.getTime() + backoff);
    if (!connection || !mapping || !connection.enabled || !mapping.enabled) {
      // Disabled since it was queued: nothing goes out; it waits (and expires) rather than vanishing.
      return { ...base, outcome: 'RETRY', errorCode: 'DISABLED', answer: 'connection or mapping disabled', nextTryAt: retryAt, attempted: false };
    }
    const adapter = PROTOCOLS[connection.protocol as keyof typeof PROTOCOLS];
    const { devices: deviceCredentials, ...own } = this.vault.open(mapping.credentials);
    const credentials: StoredCredentials = { ...this.vault.open(connection.credentials), ...own };
    const values = ctx.valuesOf.get(`${record.tenant_id}:${record.station_id}:${record.slot.getTime()}`) ?? [];
    const windows = ctx.windows.get(record.tenant_id) ?? [];
    const halfMinutes = adapter.calibrationValues ? await this.halfMinuteValues(record, values, windows) : [];
    const position = ctx.positions.get(`${record.tenant_id}:${record.station_id}`);
    const outbound = buildRecord(record, kind, mapping, adapter, { credentials, devices: deviceCredentials ?? {} }, values, windows, halfMinutes, position ?? null, ctx.quality);
    const lacking = (c: StoredCredentials) => adapter.requiredCredentials.filter((n) => !c[n]);
    const missing = adapter.credentialsPerDevice ? [...new Set(outbound.record.devices.flatMap((d) => lacking(d.credentials)))] : lacking(credentials);
    if (missing.length > 0) {
      return { ...base, outcome: 'RETRY', errorCode: 'MISSING_CREDENTIAL', answer: `missing ${missing.join(', ')}`, nextTryAt: retryAt, attempted: false };
    }
    if (outbound.count === 0) {
      return { ...base, outcome: 'REJECT', errorCode: 'NO_VALUES', answer: 'no mapped parameter had data in the slot', nextTryAt: now, attempted: false };
    }
    return { base: { ...base, values: outbound.count, calibrationValues: outbound.calibration }, retryAt, adapter, credentials, url: connection.url, outbound: outbound.record };
  }

  /** The 30-second values of the record's devices while a calibration or zero check covers them within its slot. */
  private async halfMinuteValues(record: ClaimedRecord, values: readonly SlotValueRow[], windows: readonly SuppressionWindow[]): Promise<HalfMinuteValue[]> {
    const slotStart = record.slot.getTime();
    const devices = [...new Map(values.map((v) => [v.device_id, { deviceId: v.device_id, entityId: v.entity_id }])).values()];
    const calibrating = devices.filter((d) => windows.some((w) => w.kind === 'CALIBRATION' && covers(w, d, slotStart, slotStart + SLOT_MS)));
    if (calibrating.length === 0) return [];
    const rows = await this.outbox.halfMinuteValues(record.tenant_id, calibrating.map((d) => d.deviceId), record.slot, new Date(slotStart + SLOT_MS));
    return rows.flatMap((r) => {
      const device = calibrating.find((d) => d.deviceId === r.device_id)!;
      const window = windows.find((w) => w.kind === 'CALIBRATION' && covers(w, device, r.at.getTime(), r.at.getTime() + 30_000));
      return window ? [{ deviceId: r.device_id, slot: r.slot, at: r.at.getTime(), value: r.value, flag: windowFlag(window) }] : [];
    });
  }
}

/** How bad an answer is for the record: the worst request decides. */
const SEVERITY: Record<PushVerdict['outcome'], number> = { SUCCESS: 0, RETRY: 1, EXPIRED: 2, REJECT: 3, STOP: 4 };

interface Context {
  connections: Map<string, ConnectionRow>;
  mappings: Map<string, MappingRow>;
  valuesOf: Map<string, SlotValueRow[]>;
  windows: Map<number, SuppressionWindow[]>;
  /** Suspect and invalid slots by `${deviceId}:${slot}:${at}`. */
  quality: Map<string, ValueFlag>;
  positions: Map<string, { latitude: number; longitude: number }>;
}

interface Prepared {
  base: Omit<PushResult, 'outcome' | 'errorCode' | 'answer' | 'nextTryAt' | 'attempted'>;
  retryAt: Date;
  adapter: ProtocolAdapter;
  credentials: StoredCredentials;
  url: string;
  outbound: OutboundRecord;
}

/** A calibration value averaged over 30 seconds. */
interface HalfMinuteValue {
  deviceId: string;
  slot: number;
  at: number;
  value: number;
  flag: ValueFlag;
}

function covers(w: SuppressionWindow, device: { deviceId: string; entityId: string | null }, from: number, to: number): boolean {
  return (w.deviceId === device.deviceId || (w.deviceId === null && w.entityId === device.entityId)) && w.startsAt.getTime() < to && (w.endsAt === null || w.endsAt.getTime() > from);
}

/** The slot state a window makes: a zero check, another calibration, maintenance. */
function windowFlag(w: SuppressionWindow): ValueFlag {
  if (w.kind === 'MAINTENANCE') return 'MAINTENANCE';
  return w.calibrationType === 'ZERO' ? 'ZERO' : 'CALIBRATION';
}

/**
 * The record in the regulator's ids, keys and units, one entry per regulator device (devices of ours
 * sharing one regulator id go together); values of unmapped, skipped or unconvertible parameters stay
 * out (the mapping's issues list them). Diagnostic parameters (`device_*`) go apart, and during a
 * calibration the 30-second values too (ODAMS).
 */
export function buildRecord(
  record: ClaimedRecord,
  kind: string,
  mapping: MappingRow,
  adapter: ProtocolAdapter,
  credentials: { credentials: StoredCredentials; devices: Record<string, StoredCredentials> },
  values: readonly SlotValueRow[],
  windows: readonly SuppressionWindow[],
  halfMinutes: readonly HalfMinuteValue[] = [],
  position: { latitude: number; longitude: number } | null = null,
  quality: ReadonlyMap<string, ValueFlag> = new Map(),
): { record: OutboundRecord; count: number; calibration: number } {
  const station = (mapping.stations as StationMapping[]).find((s) => String(s.stationId) === record.station_id);
  const slotStart = record.slot.getTime();
  const devices = new Map<string, OutboundDevice>();
  let count = 0;
  let calibration = 0;
  for (const device of station?.devices ?? []) {
    let out = devices.get(device.regulatorDeviceId);
    if (!out) {
      out = { regulatorDeviceId: device.regulatorDeviceId, credentials: { ...credentials.credentials, ...credentials.devices[String(device.deviceId)] }, values: [], diagnostics: [] };
      devices.set(device.regulatorDeviceId, out);
    }
    for (const v of values.filter((x) => x.device_id === String(device.deviceId))) {
      const param = device.params.find((p) => p.slot === v.slot);
      if (!param || param.skip) continue;
      if (record.params && !record.params.includes(v.param_name)) continue;
      const target = resolveParam(adapter, v.param_name, v.unit, param);
      if ('problem' in target) continue;
      const convert = (x: number) => round(x * target.conversion.factor + target.conversion.offset);
      const window = windows.find((w) => covers(w, { deviceId: v.device_id, entityId: v.entity_id }, slotStart, slotStart + SLOT_MS));
      const flag: ValueFlag = window ? windowFlag(window) : (quality.get(`${v.device_id}:${v.slot}:${slotStart}`) ?? 'NORMAL');
      const list = v.param_name.startsWith('device_') ? out.diagnostics : out.values;
      const value: OutboundValue = { code: target.code, unit: target.unit, value: convert(v.value), flag, at: slotStart };
      list.push(value);
      if (window) calibration++;
      count++;
      for (const h of halfMinutes.filter((x) => x.deviceId === v.device_id && x.slot === v.slot)) {
        list.push({ ...value, value: convert(h.value), flag: h.flag, at: h.at });
        calibration++;
        count++;
      }
    }
  }
  return {
    record: {
      slot: record.slot, kind: kind as OutboundRecord['kind'], industryId: mapping.industry_id, regulatorStationId: station?.regulatorStationId ?? '',
      latitude: position?.latitude ?? null, longitude: position?.longitude ?? null,
      devices: [...devices.values()].filter((d) => d.values.length + d.diagnostics.length > 0),
    },
    count,
    calibration,
  };
}

/**
 * Four decimals: finer than any analyser resolves (CPCB's own example gives one decimal), yet enough
 * that a unit conversion (ppm to mg/Nm³, say) does not change a value a regulator compares with a
 * limit; the binary noise of the conversion (12.500000000000002) stays out of the record.
 */
function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
