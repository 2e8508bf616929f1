import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { StationMapping } from '@enviro/contracts/regulator';
import { unitConversion } from '@enviro/domain/unit-conversion';
import type { Db } from '../../platform/database/database.ts';
import { SlotChangeFeed } from '../data/slot-changes.service.ts';
import type { SuppressionWindowService, SuppressionWindow } from '../devices/suppression-windows.service.ts';
import type { CredentialVault, StoredCredentials } from './credentials.ts';
import { OutboxRepository, type ClaimedRecord, type PushResult, type SlotValueRow } from './outbox.repository.ts';
import { PROTOCOLS } from './protocols/index.ts';
import type { OutboundRecord, ProtocolAdapter, ValueFlag } from './protocols/protocol.ts';
import { RegulatorConfigRepository, type ConnectionRow, type MappingRow } from './regulator.repository.ts';

/** The slot-change consumer name of the regulator outbox (inserted into slot_consumer by 040_regulator.sql). */
export const REGULATOR_CONSUMER = 'regulator';

const SLOT_MS = 15 * 60_000;

export interface OutboxOptions {
  /** Names this sender's leases (default host:pid:random). */
  owner?: string;
  /** Pushes in flight at once (default 32). */
  concurrency?: number;
  /** How long a claimed record is held before another sender may take it (default 60 s). */
  leaseMs?: number;
  /** Per-request timeout (default 15 s). */
  timeoutMs?: number;
  /** First retry delay, doubled per attempt (default 15 s). */
  baseBackoffMs?: number;
  /** Longest retry delay (default 5 min): an outage heals within this of the regulator coming back. */
  maxBackoffMs?: number;
}

/**
 * The durable outbox to regulators. `consume` turns closed slots of the feed into records (one per
 * connection, station and slot, in the feed's transaction); `deliver` leases each station's oldest due
 * record, builds its payload from the rollups, pushes it with the connection's protocol and writes the
 * outcome. A record is SENT only on the regulator's success answer; failures retry with exponential
 * backoff; records older than the back-fill limit become EXPIRED. State lives in PostgreSQL, so any
 * number of servers run it and a kill -9 only leaves a lease to run out (the regulator deduplicates the
 * second copy). No caller: a background job (regulator-worker.ts) and tests run it.
 */
export class RegulatorOutbox {
  private readonly outbox: OutboxRepository;
  private readonly config: RegulatorConfigRepository;
  private readonly feed: SlotChangeFeed;
  readonly owner: string;
  private readonly opts: Required<Omit<OutboxOptions, 'owner'>>;

  constructor(
    private readonly db: Db,
    private readonly windows: SuppressionWindowService,
    private readonly vault: CredentialVault,
    options: OutboxOptions = {},
  ) {
    this.outbox = new OutboxRepository(db);
    this.config = new RegulatorConfigRepository(db);
    this.feed = new SlotChangeFeed(db);
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.opts = {
      concurrency: options.concurrency ?? 32,
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

  /** Records waiting to be sent. */
  pending(): Promise<number> {
    return this.outbox.pending();
  }

  /** One round: expires what is too old, leases up to `limit` station heads, pushes them, writes the outcomes. */
  async deliver(limit = 2000): Promise<{ claimed: number; sent: number; failed: number }> {
    await this.outbox.expire();
    const claimed = await this.outbox.claim(this.owner, limit, this.opts.leaseMs);
    if (claimed.length === 0) return { claimed: 0, sent: 0, failed: 0 };
    const now = new Date();
    const connections = new Map((await this.config.connections()).map((c) => [c.id, c]));
    const mappings = new Map((await this.config.activeMappings([...new Set(claimed.map((c) => c.tenant_id))])).map((m) => [`${m.tenant_id}:${m.connection_id}`, m]));
    const values = await this.outbox.slotValues(claimed.map((c) => ({ tenantId: c.tenant_id, stationId: c.station_id, slot: c.slot })));
    const windows = await this.calibrationWindows(values);

    const valuesOf = new Map<string, SlotValueRow[]>();
    for (const v of values) {
      const key = `${v.tenant_id}:${v.entity_id}:${v.bucket.getTime()}`;
      const list = valuesOf.get(key);
      if (list) list.push(v);
      else valuesOf.set(key, [v]);
    }

    // Each record is prepared (or settled without a request); records a protocol can carry together
    // (ODAMS: several stations of one industry in one body) go in one request, first tries only, so a
    // record the regulator refuses is found alone on its retry and does not hold the others back.
    const settled: PushResult[] = [];
    const groups: Prepared[][] = [];
    const open = new Map<string, Prepared[]>();
    for (const record of claimed) {
      const prepared = this.prepare(record, connections.get(record.connection_id), mappings.get(`${record.tenant_id}:${record.connection_id}`), valuesOf.get(`${record.tenant_id}:${record.station_id}:${record.slot.getTime()}`) ?? [], windows.get(record.tenant_id) ?? [], now);
      if ('outcome' in prepared) {
        settled.push(prepared);
        continue;
      }
      const batchable = prepared.adapter.buildBatch !== undefined && record.attempts === 0;
      const key = batchable ? `${record.connection_id}:${record.tenant_id}` : `${record.connection_id}:${record.tenant_id}:${record.id}`;
      let group = open.get(key);
      if (!group || group.length >= BATCH_SIZE) {
        group = [];
        open.set(key, group);
        groups.push(group);
      }
      group.push(prepared);
    }
    const sent = await pool(groups, this.opts.concurrency, (group) => this.send(group, now));
    const results = [...settled, ...sent.flat()];
    await this.outbox.complete(this.owner, results);
    const accepted = results.filter((r) => r.outcome === 'SUCCESS').length;
    return { claimed: claimed.length, sent: accepted, failed: results.length - accepted };
  }

  /** Consumes the feed and delivers until nothing is due (tests, the bench). */
  async drain(maxRounds = 1000): Promise<void> {
    while ((await this.consume()) > 0);
    for (let i = 0; i < maxRounds; i++) {
      const { claimed } = await this.deliver();
      if (claimed === 0) return;
    }
  }

  private async calibrationWindows(values: readonly SlotValueRow[]): Promise<Map<number, SuppressionWindow[]>> {
    const byTenant = new Map<number, SlotValueRow[]>();
    for (const v of values) {
      const list = byTenant.get(v.tenant_id);
      if (list) list.push(v);
      else byTenant.set(v.tenant_id, [v]);
    }
    const result = new Map<number, SuppressionWindow[]>();
    for (const [tenantId, rows] of byTenant) {
      const times = rows.map((r) => r.bucket.getTime());
      const from = new Date(times.reduce((a, b) => Math.min(a, b)));
      const to = new Date(times.reduce((a, b) => Math.max(a, b)) + SLOT_MS);
      const devices = rows.map((r) => ({ deviceId: r.device_id, entityId: r.entity_id }));
      result.set(tenantId, await this.windows.covering(tenantId, devices, from, to));
    }
    return result;
  }

  /** A record ready to send, or its outcome when nothing can be sent. */
  private prepare(
    record: ClaimedRecord,
    connection: ConnectionRow | undefined,
    mapping: MappingRow | undefined,
    values: SlotValueRow[],
    windows: SuppressionWindow[],
    now: Date,
  ): Prepared | PushResult {
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
    const credentials: StoredCredentials = { ...this.vault.open(connection.credentials), ...this.vault.open(mapping.credentials) };
    const missing = adapter.requiredCredentials.filter((n) => !credentials[n]);
    if (missing.length > 0) {
      return { ...base, outcome: 'RETRY', errorCode: 'MISSING_CREDENTIAL', answer: `missing ${missing.join(', ')}`, nextTryAt: retryAt, attempted: false };
    }
    const outbound = buildRecord(record, kind, mapping, values, windows);
    if (outbound.count === 0) {
      return { ...base, outcome: 'REJECT', errorCode: 'NO_VALUES', answer: 'no mapped parameter had data in the slot', nextTryAt: now, attempted: false };
    }
    return { base: { ...base, values: outbound.count, calibrationValues: outbound.calibration }, retryAt, adapter, credentials, url: connection.url, outbound: outbound.record };
  }

  /** One request for the group; every record of it gets the answer. */
  private async send(group: Prepared[], now: Date): Promise<PushResult[]> {
    const first = group[0]!;
    const request =
      group.length > 1 && first.adapter.buildBatch
        ? first.adapter.buildBatch(first.url, first.credentials, group.map((g) => g.outbound), now)
        : first.adapter.build(first.url, first.credentials, first.outbound, now);
    const started = performance.now();
    let outcome: Pick<PushResult, 'outcome' | 'errorCode' | 'answer' | 'httpStatus'>;
    try {
      const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(this.opts.timeoutMs) });
      const text = await response.text();
      const verdict = first.adapter.interpret(response.status, text);
      // A batch refused as a whole is retried record by record (first tries only are batched).
      const refusedBatch = group.length > 1 && (verdict.outcome === 'REJECT' || verdict.outcome === 'EXPIRED');
      outcome = { outcome: refusedBatch ? 'RETRY' : verdict.outcome, errorCode: verdict.errorCode, answer: text.slice(0, 500), httpStatus: response.status };
    } catch (error) {
      const timeout = (error as Error).name === 'TimeoutError';
      outcome = { outcome: 'RETRY', errorCode: timeout ? 'TIMEOUT' : 'NETWORK', answer: String((error as Error).cause ?? (error as Error).message).slice(0, 500), httpStatus: null };
    }
    const durationMs = Math.round(performance.now() - started);
    return group.map((g) => ({ ...g.base, ...outcome, durationMs, nextTryAt: g.retryAt, attempted: true }));
  }
}

/** Stations of one industry an ODAMS request carries at most. */
const BATCH_SIZE = 100;

interface Prepared {
  base: Omit<PushResult, 'outcome' | 'errorCode' | 'answer' | 'nextTryAt' | 'attempted'>;
  retryAt: Date;
  adapter: ProtocolAdapter;
  credentials: StoredCredentials;
  url: string;
  outbound: OutboundRecord;
}

/** The record in the regulator's ids and units; values of unmapped, skipped or unconvertible parameters stay out (the mapping's issues list them). */
export function buildRecord(record: ClaimedRecord, kind: string, mapping: MappingRow, values: readonly SlotValueRow[], windows: readonly SuppressionWindow[]): { record: OutboundRecord; count: number; calibration: number } {
  const station = (mapping.stations as StationMapping[]).find((s) => String(s.stationId) === record.station_id);
  const slotStart = record.slot.getTime();
  const devices: OutboundRecord['devices'] = [];
  let count = 0;
  let calibration = 0;
  for (const device of station?.devices ?? []) {
    const out: OutboundRecord['devices'][number] = { regulatorDeviceId: device.regulatorDeviceId, values: [] };
    for (const v of values.filter((x) => x.device_id === String(device.deviceId))) {
      const param = device.params.find((p) => p.slot === v.slot);
      if (!param || param.skip || !param.code) continue;
      if (record.params && !record.params.includes(v.param_name)) continue;
      const unit = param.unit || v.unit;
      const conversion = unitConversion(v.param_name, v.unit, unit);
      if (!conversion) continue;
      const window = windows.find(
        (w) =>
          (w.deviceId === v.device_id || (w.deviceId === null && w.entityId === v.entity_id)) &&
          w.startsAt.getTime() < slotStart + SLOT_MS &&
          (w.endsAt === null || w.endsAt.getTime() > slotStart),
      );
      const flag: ValueFlag = window ? (window.kind === 'MAINTENANCE' ? 'MAINTENANCE' : 'CALIBRATION') : 'NORMAL';
      if (window) calibration++;
      count++;
      out.values.push({ code: param.code, unit, value: round(v.value * conversion.factor + conversion.offset), flag });
    }
    if (out.values.length > 0) devices.push(out);
  }
  return {
    record: { slot: record.slot, kind: kind as OutboundRecord['kind'], industryId: mapping.industry_id, regulatorStationId: station?.regulatorStationId ?? '', devices },
    count,
    calibration,
  };
}

function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

/** Runs `fn` over `items` with at most `size` in flight, answers in order. */
async function pool<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

