import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/database/database.ts';
import { PartitionKeeper } from '../../platform/database/partitions.ts';
import { BatchWriter } from './batch-writer.ts';
import { CredentialEventsRepository } from './credential-events.repository.ts';
import { DeviceRegistry } from './device-registry.ts';
import { GatewayRepository } from './gateway.repository.ts';
import { TelemetryMetrics } from './telemetry.metrics.ts';
import { IngestService } from './telemetry.service.ts';

/**
 * Device ingestion: token cache (kept true by token announcements), group-commit writer and the
 * service over them. Closing the app flushes the writer after the HTTP server has stopped taking
 * requests, before the database closes.
 */
export async function openIngest(app: FastifyInstance, database: DatabaseHandle): Promise<IngestService> {
  // The queue gauge reads the writer made just below, when scraped.
  const metrics = new TelemetryMetrics(app.metrics, (): number => writer.backlog);
  const writer: BatchWriter = new BatchWriter(
    database,
    new PartitionKeeper(database.pool),
    {},
    (error) => app.log.error({ err: error }, 'batch commit failed; its writers answered 503'),
    metrics,
  );
  const registry = new DeviceRegistry(database.db);
  const ingest = new IngestService(registry, writer, app.log, metrics, Date.now, new GatewayRepository(database.db));
  app.addHook('onClose', () => writer.close());
  // Background passes that are behind give way to devices waiting for their commit.
  app.workers.foreground(() => writer.busy);

  // A token revoked on any server stops working here at once, not when its cache entry expires.
  const events = new CredentialEventsRepository(database);
  let stop: (() => Promise<void>) | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    try {
      stop = await events.listen(
        (token) => ingest.forgetTokens([token]),
        (error) => {
          // Announcements may have been missed while the connection was down: forget everything.
          registry.forgetAll();
          ingest.forgetGateways();
          stop = null;
          if (closing) return;
          app.log.warn({ err: error }, 'token announcements lost; listening again');
          retry = setTimeout(() => void listen(), 1000);
        },
      );
      // Changes made while not listening.
      registry.forgetAll();
      ingest.forgetGateways();
    } catch (error) {
      if (closing) return;
      app.log.warn({ err: error }, 'cannot listen for token announcements; retrying');
      retry = setTimeout(() => void listen(), 1000);
    }
  };
  await listen();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    await stop?.();
  });
  return ingest;
}
