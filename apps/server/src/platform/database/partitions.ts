import type pg from 'pg';

const MONTH_MS = 31 * 24 * 3600 * 1000;

/**
 * Makes sure the monthly partitions of reading and reading_15m exist for a span of instants.
 * Months already ensured by this process are remembered, so the hot path costs a Set lookup.
 */
export class PartitionKeeper {
  private readonly ensured = new Set<string>();

  constructor(private readonly pool: pg.Pool) {}

  async ensure(fromMs: number, toMs: number): Promise<void> {
    const missing = monthsBetween(fromMs, toMs).filter((m) => !this.ensured.has(m));
    if (missing.length === 0) return;
    const first = missing[0]!;
    const last = missing[missing.length - 1]!;
    const to = new Date(Date.parse(`${last}-01T00:00:00Z`) + MONTH_MS);
    await this.pool.query('SELECT enviro_ensure_partitions($1, $2)', [`${first}-01T00:00:00Z`, to.toISOString()]);
    for (const m of missing) this.ensured.add(m);
  }
}

/** 'YYYY-MM' of every UTC month touched by [fromMs, toMs]. */
export function monthsBetween(fromMs: number, toMs: number): string[] {
  const out: string[] = [];
  const d = new Date(fromMs);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth();
  const end = new Date(toMs);
  const endKey = end.getUTCFullYear() * 12 + end.getUTCMonth();
  while (y * 12 + m <= endKey) {
    out.push(`${y}-${String(m + 1).padStart(2, '0')}`);
    m += 1;
    if (m === 12) {
      m = 0;
      y += 1;
    }
  }
  return out;
}
