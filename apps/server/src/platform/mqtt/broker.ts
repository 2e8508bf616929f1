import type { FastifyBaseLogger } from 'fastify';
import type { TelemetrySink } from './telemetry-sink.ts';
import type { HealthCheck } from '../http/health.plugin.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { connectExternalRpc } from './external-rpc.ts';
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
  /** RPC to devices: those connected to the embedded broker, or every device of the external one. */
  rpc?: RpcTransport;
}

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface BrokerOptions {
  ingest: TelemetrySink;
  log: Logger;
  /** Where devices' answers to RPCs go; without it no RPC is sent. */
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
export async function startBroker(options: BrokerOptions): Promise<Broker> {
  const { ingest, log } = options;
  if (options.url) {
    const { url, databaseUrl } = options;
    const clientId = options.clientId ?? 'enviro-ingest';
    const sessions = await connectExternalSessions({ url, clientId, databaseUrl, ingest, log });
    if (!options.rpc) return sessions;
    const rpc = await connectExternalRpc({ url, clientId, sink: options.rpc, log });
    return {
      health: () => sessions.health(),
      connections: () => sessions.connections(),
      stopAccepting: () => sessions.stopAccepting(),
      async close() {
        await rpc.close();
        await sessions.close();
      },
      rpc,
    };
  }
  return startEmbeddedBroker({ port: options.port ?? 1883, host: options.host ?? '0.0.0.0', ingest, log, rpc: options.rpc });
}
