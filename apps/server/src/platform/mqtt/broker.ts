import type { FastifyBaseLogger } from 'fastify';
import type { TelemetrySink } from './telemetry-sink.ts';
import type { HealthCheck } from '../http/health.plugin.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { connectExternalSessions } from './external-sessions.ts';
import type { RpcSink, RpcTransport } from './device-rpc.ts';

/** The MQTT side of ingestion, embedded or bridged from an external broker. */
export interface Broker {
  /** For the broker health check and logs. */
  health(): HealthCheck;
  /** Devices connected to the embedded broker, or the platform's sessions up on the external one (GET /metrics). */
  connections(): number;
  /** Stops taking new connections or messages; those already being stored still get their ack. */
  stopAccepting(): Promise<void>;
  /** Disconnects everything. */
  close(): Promise<void>;
  /** RPC to devices connected here: the embedded broker only (an external broker's devices get none yet). */
  rpc?: RpcTransport;
}

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface BrokerOptions {
  ingest: TelemetrySink;
  log: Logger;
  /** Where devices' answers to RPCs go (embedded broker). */
  rpc?: RpcSink;
  /** External broker URL; unset: start the embedded broker. */
  url?: string | undefined;
  /** Names the platform's persistent sessions on the external broker and their share group. */
  clientId?: string;
  /** Where the servers sharing the external broker's sessions hold their leases. */
  databaseUrl: string;
  /** Embedded broker port (the next free one when taken). */
  port?: number;
  host?: string;
}

/** Starts the embedded broker, or bridges from `url` when one is configured. */
export function startBroker(options: BrokerOptions): Promise<Broker> {
  const { ingest, log } = options;
  if (options.url) {
    const { url, databaseUrl } = options;
    return connectExternalSessions({ url, clientId: options.clientId ?? 'enviro-ingest', databaseUrl, ingest, log });
  }
  return startEmbeddedBroker({ port: options.port ?? 1883, host: options.host ?? '0.0.0.0', ingest, log, rpc: options.rpc });
}
