import { Gauge, type Registry } from 'prom-client';
import type { RegulatorOutbox } from './outbox.ts';

/**
 * The regulator outbox on GET /metrics, read when scraped: records waiting to be accepted. A count
 * that keeps growing means a regulator is down or refusing (the push logs say which and why).
 */
export function registerRegulatorMetrics(registry: Registry, outbox: RegulatorOutbox): void {
  new Gauge({
    name: 'enviro_regulator_pending_records',
    help: 'Regulator outbox records waiting to be accepted (first tries and retries)',
    registers: [registry],
    async collect() {
      this.set(await outbox.pending());
    },
  });
}
