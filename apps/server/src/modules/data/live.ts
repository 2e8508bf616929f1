import type { LiveQuery } from '@enviro/contracts/data/live';
import type { RecentRequest, RecentValue } from '@enviro/contracts/data/recent';
import type { FastifyBaseLogger } from 'fastify';
import { scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { READINGS_CHANNEL } from '../../platform/database/notify-channels.ts';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { LiveRepository, type Listening } from './live.repository.ts';
import type { RecentService } from './recent.service.ts';

/** Where a stream's values go: `send` writes an event, `end` closes the stream (server closing, access lost). */
export interface LiveSink {
  send(values: RecentValue[]): void;
  end(reason: string): void;
}

export interface LiveSubscription {
  /** The latest values within the backscan when the stream opened. */
  first: RecentValue[];
  close(): void;
}

interface Subscriber {
  auth: Auth;
  request: RecentRequest;
  sink: LiveSink;
  tenants: number[];
  /** Newest time sent per entity and parameter. */
  seen: Map<string, number>;
  busy: boolean;
  again: boolean;
}

const key = (v: RecentValue) => `${v.entityId}:${v.paramName}`;

/**
 * Live values (GET /api/data/live): streams of the latest values of the stations a caller asked
 * for, pushed as readings commit. Ingestion notifies READINGS_CHANNEL with the tenant of each
 * committed batch (on every server, through PostgreSQL), this server's one LISTEN connection hears
 * it, and each stream of that tenant reads its values again through the recent-values service, the
 * one POST /api/data/recent/metric answers with: the same access rules, restrictions and 404s, so a
 * stream never shows what the caller could not request. Notifications of a tenant arriving within
 * `debounceMs` make one read per stream; only values newer than those sent go out.
 */
export class LiveValues {
  private readonly repo: LiveRepository;
  private readonly byTenant = new Map<number, Set<Subscriber>>();
  private listening: Listening | null = null;
  private starting: Promise<void> | null = null;
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    database: PooledHandle,
    private readonly recent: RecentService,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly debounceMs = 100,
  ) {
    this.repo = new LiveRepository(database);
  }

  /**
   * Opens a stream: answers the first values (400/404 as the recent-values route would) and from
   * then on hands newer values to `sink`. Listening starts before the first read, so a reading
   * committed in between is sent, not lost.
   */
  async subscribe(auth: Auth, query: LiveQuery, sink: LiveSink): Promise<LiveSubscription> {
    const tenantIds = scopeTenantIds(auth);
    if (this.closed) throw new Error('live values are closed');
    const request: RecentRequest = {
      entityIds: query.entityIds,
      params: query.params,
      includeDescendants: query.includeDescendants,
      backscan: query.backscan,
    };
    await this.ensureListening();
    const first = await this.recent.recent(auth, request);
    const tenants = await this.repo.tenantsOf(query.entityIds, tenantIds);
    const sub: Subscriber = { auth, request, sink, tenants, seen: new Map(first.map((v) => [key(v), v.time])), busy: false, again: false };
    for (const t of tenants) {
      let set = this.byTenant.get(t);
      if (!set) this.byTenant.set(t, (set = new Set()));
      set.add(sub);
    }
    return { first, close: () => this.remove(sub) };
  }

  /** Streams open on this server (for tests and /metrics). */
  get streams(): number {
    const all = new Set<Subscriber>();
    for (const set of this.byTenant.values()) for (const s of set) all.add(s);
    return all.size;
  }

  /** Ends every stream and stops listening (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const all = new Set<Subscriber>();
    for (const set of this.byTenant.values()) for (const s of set) all.add(s);
    for (const s of all) s.sink.end('server closing');
    this.byTenant.clear();
    await this.starting?.catch(() => undefined);
    await this.listening?.close();
    this.listening = null;
  }

  private remove(sub: Subscriber): void {
    for (const t of sub.tenants) {
      const set = this.byTenant.get(t);
      set?.delete(sub);
      if (set?.size === 0) this.byTenant.delete(t);
    }
  }

  private ensureListening(): Promise<void> {
    if (this.listening) return Promise.resolve();
    this.starting ??= this.repo
      .listen(READINGS_CHANNEL, (payload) => this.heard(Number(payload)), (error) => this.lost(error))
      .then((l) => {
        if (this.closed) return l.close();
        this.listening = l;
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** The connection broke: listen again after a second, and read every stream again, since notifications may have been missed. */
  private lost(error: Error): void {
    this.listening = null;
    if (this.closed) return;
    this.log.warn({ err: error }, 'live values: the LISTEN connection was lost; reconnecting');
    setTimeout(() => {
      if (this.closed || this.byTenant.size === 0) return;
      this.ensureListening()
        .then(() => {
          for (const t of this.byTenant.keys()) this.heard(t);
        })
        .catch(() => this.lost(new Error('reconnect failed')));
    }, 1_000).unref();
  }

  private heard(tenantId: number): void {
    if (!this.byTenant.has(tenantId)) return;
    this.pending.add(tenantId);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.debounceMs);
  }

  private async flush(): Promise<void> {
    const subs = new Set<Subscriber>();
    for (const t of this.pending) for (const s of this.byTenant.get(t) ?? []) subs.add(s);
    this.pending.clear();
    await Promise.all([...subs].map((s) => this.refresh(s)));
  }

  /** Reads a stream's values again and sends those newer than sent; one read at a time per stream. */
  private async refresh(sub: Subscriber): Promise<void> {
    if (sub.busy) {
      sub.again = true;
      return;
    }
    sub.busy = true;
    try {
      do {
        sub.again = false;
        const values = await this.recent.recent(sub.auth, sub.request);
        const changed = values.filter((v) => v.time > (sub.seen.get(key(v)) ?? -Infinity));
        for (const v of changed) sub.seen.set(key(v), v.time);
        if (changed.length > 0) sub.sink.send(changed);
      } while (sub.again);
    } catch (error) {
      // The station was deleted or the caller lost access: the stream ends; a reconnect answers why.
      this.remove(sub);
      sub.sink.end((error as Error).message);
    } finally {
      sub.busy = false;
    }
  }
}
