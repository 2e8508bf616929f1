import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findImportDevice, importReadingsCsv } from '../src/modules/telemetry/csv-import.service.ts';
import { useTestApp } from './test-app.ts';

const csv = (text: string) => Readable.from([text]);

describe('importReadingsCsv', () => {
  const ctx = useTestApp({ app: false });

  async function newDevice() {
    const { id: tenantId } = await ctx.b.newTenant();
    const { id: entityId } = await ctx.b.newEntity({ tenantId, type: 'eqms' });
    const device = await ctx.b.newDevice({
      tenantId,
      entityId,
      params: [{ name: 'ph', min: 6.5, max: 8.5 }, { name: 'cod', max: 250 }, { name: 'flow' }],
    });
    return { tenantId, entityId, device, profile: await findImportDevice(ctx.db, { deviceId: device.id }) };
  }

  const FILE = [
    'ts,ph,cod,flow',
    '2025-01-10T00:00:00Z,7.1,120,55',
    '2025-01-10T05:31:00+05:30,7.2,,56', // 00:01Z; cod not reported
    '1736467320000,9.1,130,57', // 00:02Z, pH above its limit
    '2025-01-10T00:03:00Z,seven,120,55',
    '2025-01-10 00:04:00,7.0,120,55', // no time zone
    '2025-01-10T00:05:00Z,,,',
    '',
    '2025-01-10T00:06:00Z,7.0,120,55,99',
    '2025-01-10T00:16:00Z,"7.3",125,54',
    '2099-01-01T00:00:00Z,7.0,120,55',
  ].join('\r\n');

  it('stores the good rows and names each refused line and why', async () => {
    const { tenantId, entityId, device, profile } = await newDevice();
    const result = await importReadingsCsv(ctx.database, profile, csv(FILE), Date.UTC(2025, 5, 1));
    expect(result).toEqual({
      accepted: 4,
      changed: 4,
      refusedCount: 5,
      refused: [
        { line: 5, reason: 'ph: value "seven" is not numeric' },
        { line: 6, reason: expect.stringContaining('neither ISO 8601 with a time zone') },
        { line: 7, reason: 'no values' },
        { line: 9, reason: '5 cells but the header has 4 columns' },
        { line: 11, reason: 'ts 2099-01-01T00:00:00Z is in the future' },
      ],
    });
    const rows = await ctx.db
      .selectFrom('reading')
      .select(['ts', 'vals'])
      .where('tenant_id', '=', tenantId)
      .orderBy('ts')
      .execute();
    expect(rows.map((r) => [r.ts.toISOString(), r.vals])).toEqual([
      ['2025-01-10T00:00:00.000Z', [7.1, 120, 55]],
      ['2025-01-10T00:01:00.000Z', [7.2, null, 56]],
      ['2025-01-10T00:02:00.000Z', [9.1, 130, 57]],
      ['2025-01-10T00:16:00.000Z', [7.3, 125, 54]],
    ]);
    const dirty = await ctx.db.selectFrom('rollup_dirty').select('bucket').where('tenant_id', '=', tenantId).orderBy('bucket').execute();
    expect(dirty.map((d) => d.bucket.toISOString())).toEqual(['2025-01-10T00:00:00.000Z', '2025-01-10T00:15:00.000Z']);
    const alerts = await ctx.db.selectFrom('alert').select(['slot', 'ts', 'value', 'entity_id']).where('tenant_id', '=', tenantId).execute();
    expect(alerts).toEqual([{ slot: 1, ts: new Date('2025-01-10T00:02:00Z'), value: 9.1, entity_id: String(entityId) }]);
    const latest = await ctx.db.selectFrom('series_latest').select(['slot', 'value']).where('tenant_id', '=', tenantId).orderBy('slot').execute();
    expect(latest).toEqual([{ slot: 1, value: 7.3 }, { slot: 2, value: 125 }, { slot: 3, value: 54 }]);
    const stored = await ctx.db.selectFrom('device').select('last_data_at').where('id', '=', String(device.id)).executeTakeFirstOrThrow();
    expect(stored.last_data_at).toEqual(new Date('2025-01-10T00:16:00Z'));
  });

  it('changes nothing when the same file is imported again', async () => {
    const { tenantId, profile } = await newDevice();
    const first = await importReadingsCsv(ctx.database, profile, csv(FILE), Date.UTC(2025, 5, 1));
    const again = await importReadingsCsv(ctx.database, profile, csv(FILE), Date.UTC(2025, 5, 1));
    expect(again).toEqual({ ...first, changed: 0 });
    const count = await ctx.db
      .selectFrom('reading')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    const alerts = await ctx.db.selectFrom('alert').select('id').where('tenant_id', '=', tenantId).execute();
    expect(alerts).toHaveLength(1);
  });

  it('refuses a later line for the same instant with a different value', async () => {
    const { profile } = await newDevice();
    const result = await importReadingsCsv(
      ctx.database,
      profile,
      csv('ts,ph,cod\n2025-01-10T00:00:00Z,7.1,\n2025-01-10T00:00:00Z,,120\n2025-01-10T00:00:00Z,7.4,\n'),
      Date.UTC(2025, 5, 1),
    );
    expect(result.accepted).toBe(2);
    expect(result.refused).toEqual([{ line: 4, reason: 'same ts as line 2 with a different value' }]);
  });

  it('imports a file larger than one batch', async () => {
    const { tenantId, profile } = await newDevice();
    const start = Date.UTC(2025, 0, 31, 12); // runs into February: two partitions
    const lines = ['ts,flow'];
    for (let i = 0; i < 12_500; i++) lines.push(`${start + i * 60_000},${(i % 97) + 0.5}`);
    const result = await importReadingsCsv(ctx.database, profile, csv(lines.join('\n')), Date.UTC(2025, 5, 1));
    expect(result).toEqual({ accepted: 12_500, changed: 12_500, refused: [], refusedCount: 0 });
    const count = await ctx.db
      .selectFrom('reading')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(12_500);
  });

  it('refuses a header naming a parameter the device lacks, before writing anything', async () => {
    const { tenantId, profile } = await newDevice();
    await expect(importReadingsCsv(ctx.database, profile, csv('ts,ph,pm\n2025-01-10T00:00:00Z,7,1\n'))).rejects.toThrow(
      'header: unknown column "pm"; this device\'s parameters are cod, flow, ph',
    );
    await expect(importReadingsCsv(ctx.database, profile, csv('time,ph\n'))).rejects.toThrow('header: first column must be ts');
    const rows = await ctx.db.selectFrom('reading').select('ts').where('tenant_id', '=', tenantId).execute();
    expect(rows).toEqual([]);
  });

  it('finds the device by access token, and names an unknown one', async () => {
    const { device } = await newDevice();
    const profile = await findImportDevice(ctx.db, { accessToken: device.accessToken });
    expect(profile.deviceId).toBe(String(device.id));
    await expect(findImportDevice(ctx.db, { accessToken: 'nobody-has-this' })).rejects.toThrow('token: no device');
    await expect(findImportDevice(ctx.db, { deviceId: 987_654 })).rejects.toThrow('device: no device 987654');
  });
});
