import { sql, type RawBuilder } from 'kysely';

type Arg = RawBuilder<unknown> | string | number | Date;

/**
 * The readings of one device in [from, to) as rows (tenant_id, device_id, ts, vals), raw and
 * archived alike (enviro_readings, 220_reading_archive.sql): how every module reads raw readings,
 * so a day past the back-fill window answers as it did before it was compacted.
 */
export const readingsOf = (tenantId: Arg, deviceId: Arg, from: Arg, to: Arg) => sql`enviro_readings(${tenantId}, ${deviceId}, ${from}, ${to})`;
