import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../platform/database/database.ts';
import { PartitionKeeper } from '../../platform/database/partitions.ts';
import { BatchWriter, type BatchWriterOptions } from './batch-writer.ts';
import { DeviceRegistry } from './device-registry.ts';
import { TelemetryMetrics } from './telemetry.metrics.ts';
import { IngestService } from './telemetry.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Device ingestion shared by the HTTP telemetry route and the MQTT broker. */
    ingest: IngestService;
  }
}

export interface IngestPluginOptions {
  database: DatabaseHandle;
  writer?: Partial<BatchWriterOptions>;
}

/**
 * Device ingestion: token cache, group-commit writer and the service over them. Closing the app
 * flushes the writer after the HTTP server has stopped taking requests, before the database closes.
 */
export const ingestPlugin = fp(
  async function ingest(app: FastifyInstance, opts: IngestPluginOptions) {
    const { database } = opts;
    // The queue gauge reads the writer made just below, when scraped.
    const metrics = new TelemetryMetrics(app.metrics, (): number => writer.backlog);
    const writer: BatchWriter = new BatchWriter(
      database,
      new PartitionKeeper(database.pool),
      opts.writer,
      (error) => app.log.error({ err: error }, 'batch commit failed; its writers answered 503'),
      metrics,
    );
    app.decorate('ingest', new IngestService(new DeviceRegistry(database.db), writer, app.log, metrics));
    app.addHook('onClose', () => writer.close());
  },
  { name: 'ingest', dependencies: ['metrics'] },
);
