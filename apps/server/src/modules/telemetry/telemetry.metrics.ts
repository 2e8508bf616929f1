import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What ingestion reports to GET /metrics: readings taken and refused, commits, the queue. */
export class TelemetryMetrics {
  /** Readings of stored payloads, by whether each was accepted or refused (with a reason) on its own. */
  readonly readings: Counter<'outcome'>;
  /** Payloads answered 503 (HTTP) or left without PUBACK (MQTT) because the database failed or ingestion was full. */
  readonly unavailable: Counter;
  readonly commitSeconds: Histogram;
  readonly commitRows: Histogram;

  constructor(registry: Registry, queuedRows: () => number) {
    const registers = [registry];
    this.readings = new Counter({
      name: 'enviro_ingest_readings_total',
      help: 'Readings of devices, accepted (committed) or refused with a reason',
      labelNames: ['outcome'],
      registers,
    });
    this.unavailable = new Counter({
      name: 'enviro_ingest_unavailable_total',
      help: 'Payloads not stored (HTTP 503, no PUBACK): the database failed or the queue was full; devices resend them',
      registers,
    });
    this.commitSeconds = new Histogram({
      name: 'enviro_ingest_commit_seconds',
      help: 'Time of one group commit of readings, partitions included',
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.commitRows = new Histogram({
      name: 'enviro_ingest_commit_rows',
      help: 'Rows (device instants) per group commit',
      buckets: [1, 10, 100, 1000, 5000, 10000],
      registers,
    });
    new Gauge({
      name: 'enviro_ingest_queued_rows',
      help: 'Rows accepted from devices and waiting for their commit',
      registers,
      collect() {
        this.set(queuedRows());
      },
    });
  }
}
