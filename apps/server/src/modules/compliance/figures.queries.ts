import { sql, type RawBuilder } from 'kysely';

/**
 * The SQL every compliance figure is judged with (docs/DEFINITIONS.md): one place for the rule, so
 * the live day, the stored compliance days and the reports cannot count differently.
 */

/**
 * Whether a 15-minute average is an exceedance: strictly above the maximum or strictly below the
 * minimum (an average at the limit is within; a missing limit never breaks).
 */
export function outsideLimitSql(avg: RawBuilder<unknown>, min: RawBuilder<unknown>, max: RawBuilder<unknown>) {
  return sql<boolean>`coalesce(${avg} < ${min} OR ${avg} > ${max}, false)`;
}

/**
 * Quarters [bucket, bucket + 15 min) of the scope's devices overlapping a calibration or
 * maintenance window of the device, or of its station (a window without a device), within
 * [from, to): the same overlap rule the alerts module applies (alert-evaluation.ts).
 */
export function suppressedQuarters(from: Date, to: Date) {
  return sql`
    SELECT DISTINCT v.tenant_id, v.device_id, q.bucket
    FROM devs v
    JOIN suppression_window w ON w.tenant_id = v.tenant_id
      AND (w.device_id = v.device_id OR (w.device_id IS NULL AND w.entity_id = v.entity_id))
      AND w.starts_at < ${to} AND (w.ends_at IS NULL OR w.ends_at > ${from})
    CROSS JOIN LATERAL generate_series(
      to_timestamp(floor(extract(epoch FROM greatest(w.starts_at, ${from}::timestamptz)) / 900) * 900),
      least(coalesce(w.ends_at, ${to}::timestamptz), ${to}::timestamptz) - interval '1 microsecond',
      interval '15 minutes') AS q(bucket)`;
}

