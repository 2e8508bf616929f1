import { Leases } from '../database/leases.ts';
import type { TelemetrySink } from './telemetry-sink.ts';
import type { Broker, Logger } from './broker.ts';
import { connectExternalBroker, redact } from './external-broker.ts';

/**
 * Persistent sessions the deployment keeps on the external broker, divided among its running
 * servers: up to this many servers share the devices' messages. Never lower it: a session left out
 * stays in the share group, and Mosquitto goes on handing it its turn of the messages, queued for
 * nobody (a share group's broker picks among its sessions whether or not they are connected).
 */
export const SESSIONS = 8;

/** Between two looks at who is alive; also how soon a dead server's sessions are taken over. */
const REBALANCE_MS = 1_000;

/** Client id of session `n`: the first keeps MQTT_CLIENT_ID itself, the session of earlier versions. */
export function sessionClientId(base: string, n: number): string {
  return n === 0 ? base : `${base}-${n}`;
}

/**
 * The MQTT side of a server beside others on one external broker and one database. The deployment
 * has SESSIONS persistent sessions (client ids from MQTT_CLIENT_ID), all in one share group, and each
 * server holds a fair part of them, claimed as leases in PostgreSQL. When a server dies its database
 * connection closes, its leases are free, and the others connect with those client ids within a
 * second: the broker then delivers them what that server had not acknowledged and what was queued
 * for it since. A server holding too many gives the surplus back (after acknowledging what it was
 * storing), so a server that starts gets its part.
 */
export async function connectExternalSessions(options: {
  url: string;
  /** MQTT_CLIENT_ID: names the deployment's sessions and their share group. */
  clientId: string;
  databaseUrl: string;
  ingest: TelemetrySink;
  log: Logger;
}): Promise<Broker> {
  const share = new SessionShare(options);
  await share.rebalance();
  share.start();
  return share;
}

class SessionShare implements Broker {
  private readonly held = new Map<number, Broker>();
  private readonly leases: Leases;
  /** Moves on when the leases are lost, so sessions connected under the old ones are not kept. */
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Whether the last rebalance failed, so that an outage is logged once, not every second. */
  private failing = false;

  constructor(private readonly options: Parameters<typeof connectExternalSessions>[0]) {
    this.leases = new Leases(options.databaseUrl, `enviro_mqtt_sessions:${options.clientId}`, (error) => this.lost(error));
  }

  start(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.rebalance().finally(() => this.start());
    }, REBALANCE_MS);
  }

  /** Joins when away, gives back sessions beyond a fair part, and takes free ones up to it. */
  async rebalance(): Promise<void> {
    const { log } = this.options;
    try {
      await this.leases.open();
      const fair = Math.ceil(SESSIONS / Math.max(1, await this.leases.members()));
      const surplus = [...this.held.keys()].sort((a, b) => b - a).slice(0, Math.max(0, this.held.size - fair));
      for (const n of surplus) await this.giveBack(n);
      const free: number[] = [];
      for (let n = 0; n < SESSIONS && this.held.size + free.length < fair; n++) {
        if (!this.held.has(n) && (await this.leases.tryTake(n))) free.push(n);
      }
      await Promise.all(free.map((n) => this.take(n)));
      if (this.failing) log.info('mqtt: sessions rebalanced again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) log.warn({ err: error }, 'mqtt: sessions not rebalanced; trying again every second');
      this.failing = true;
    }
  }

  private async take(n: number): Promise<void> {
    const generation = this.generation;
    const { url, clientId, ingest, log } = this.options;
    let session: Broker;
    try {
      session = await connectExternalBroker({ url, clientId: sessionClientId(clientId, n), group: clientId, ingest, log });
    } catch (error) {
      await this.leases.give(n).catch(() => undefined);
      throw error;
    }
    if (generation !== this.generation || this.stopped) {
      await session.close();
      return;
    }
    this.held.set(n, session);
  }

  private async giveBack(n: number): Promise<void> {
    const session = this.held.get(n)!;
    this.held.delete(n);
    await session.stopAccepting();
    await session.close();
    await this.leases.give(n);
  }

  /** The lease connection failed: another server may take these sessions now, so leave them at once. */
  private lost(error: Error): void {
    this.generation++;
    const sessions = [...this.held.values()];
    this.held.clear();
    if (sessions.length > 0) this.options.log.error({ err: error }, 'mqtt: session leases lost; leaving the sessions until the database is back');
    for (const session of sessions) {
      session
        .stopAccepting()
        .then(() => session.close())
        .catch((e: Error) => this.options.log.warn({ err: e }, 'mqtt: session not closed cleanly'));
    }
  }

  connections(): number {
    return [...this.held.values()].filter((s) => s.health().ok).length;
  }

  health() {
    const down = [...this.held].filter(([, s]) => !s.health().ok).map(([n]) => n);
    const held = [...this.held.keys()].sort((a, b) => a - b);
    const detail =
      `${redact(this.options.url)}: sessions ${held.join(', ') || 'none'} of ${SESSIONS} as ${this.options.clientId}` +
      (this.leases.isOpen ? '' : ' (leases away)') +
      (down.length ? ` (${down.join(', ')} not connected)` : '');
    return { ok: this.leases.isOpen && down.length === 0, detail };
  }

  async stopAccepting(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all([...this.held.values()].map((s) => s.stopAccepting()));
  }

  async close(): Promise<void> {
    await this.stopAccepting();
    await Promise.all([...this.held.values()].map((s) => s.close()));
    this.held.clear();
    // Last: the sessions are closed before another server may take them.
    await this.leases.close();
  }
}
