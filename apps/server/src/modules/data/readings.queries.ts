import { sql, type RawBuilder } from 'kysely';

type Arg = RawBuilder<unknown> | string | number | Date;

/**
 * The readings of one device in [from, to) as rows (tenant_id, device_id, ts, vals), raw and
 * archived alike (enviro_readings, 220_reading_archive.sql): how every module reads raw readings,
 * so a day past the back-fill window answers as it did before it was compacted.
 */
export const readingsOf = (tenantId: Arg, deviceId: Arg, from: Arg, to: Arg) => sql`enviro_readings(${tenantId}, ${deviceId}, ${from}, ${to})`;

/**
 * The 15-minute rollups of one device in [from, to), of one slot when given, as reading_15m rows
 * (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last), raw and compacted alike
 * (enviro_quarters and enviro_slot_quarters, 240_quarter_archive.sql): how every module reads
 * quarters. A probe per series gives the slot here, so it reaches the raw rows' full primary key.
 */
export const quartersOf = (tenantId: Arg, deviceId: Arg, from: Arg, to: Arg, slot?: Arg) =>
  slot === undefined ? sql`enviro_quarters(${tenantId}, ${deviceId}, ${from}, ${to})` : sql`enviro_slot_quarters(${tenantId}, ${deviceId}, ${slot}, ${from}, ${to})`;

/** When a device's slot has its first quarter with data (raw or compacted), NULL when none: one probe of each form. */
export const firstQuarterOf = (tenantId: Arg, deviceId: Arg, slot: Arg) => sql<Date | null>`enviro_first_quarter(${tenantId}, ${deviceId}, ${slot})`;
