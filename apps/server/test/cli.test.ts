import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminInProcess, adminProcess } from './admin-cli.ts';
import { useTestApp } from './test-app.ts';

// The tests share nothing but the database (the first makes its own tenant, the others only fail
// before writing), so they run side by side. Most commands run in this process: a process of its
// own loads TypeScript through tsx, seconds each on a busy machine (14 of them took the file to
// 30 s); one command of each outcome (done, bad input, wrong call) still goes through a process.
describe.concurrent('admin CLI', () => {
  const ctx = useTestApp({ app: false });
  let dir: string;

  /** A command run in this process; `spawned` runs it as `npm run admin --` does, a process of its own (exit codes, stdout). */
  const admin = (...args: string[]) => adminInProcess(ctx.database.url, ...args);
  const spawned = (...args: string[]) => adminProcess(ctx.database.url, ...args);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'enviro-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a tenant, a station and a device, printing ids and the access token', async ({ expect }) => {
    const tenant = await spawned('create-tenant', '--name', 'Aravali Cement Works Ltd', '--category', 'Cement', '--status', 'TRIAL');
    expect(tenant.code).toBe(0);
    const { id: tenantId } = JSON.parse(tenant.stdout) as { id: number };
    expect(tenantId).toBeGreaterThan(0);

    const station = await admin(
      'create-entity',
      '--json',
      JSON.stringify({ tenantId, type: 'cems', name: 'Kiln Stack' }),
      '--property',
      'Capacity=8000',
    );
    expect(station.code).toBe(0);
    const { id: entityId } = JSON.parse(station.stdout) as { id: number };

    const device = await admin(
      'create-device',
      '--tenant', String(tenantId),
      '--entity', String(entityId),
      '--name', 'Sick MCS100E',
      '--param', 'pm,max=50',
      '--param', 'so2,unit=ppm',
      '--token', 'kiln-stack-token-1',
    );
    expect(device.code).toBe(0);
    expect(JSON.parse(device.stdout)).toEqual({
      tenantId,
      entityId,
      id: expect.any(Number),
      accessToken: 'kiln-stack-token-1',
      params: [{ name: 'pm', slot: 1 }, { name: 'so2', slot: 2 }],
    });
    const entity = await ctx.db.selectFrom('entity').select('properties').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(entity.properties).toEqual([{ name: 'Capacity', value: '8000' }]);
    const limits = await ctx.db.selectFrom('param_limit').select(['slot', 'max_value']).where('tenant_id', '=', tenantId).execute();
    expect(limits).toEqual([{ slot: 1, max_value: 50 }]);

    const file = path.join(dir, 'kiln.csv');
    await writeFile(file, 'ts,pm,so2\n2025-01-10T00:00:00Z,61,12\n2025-01-10T00:01:00Z,x,12\n');
    const imported = await admin('import-csv', '--token', 'kiln-stack-token-1', '--file', file);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({
      accepted: 1,
      changed: 1,
      refused: [{ line: 3, reason: 'pm: value "x" is not numeric' }],
      refusedCount: 1,
    });

    const listed = await admin('list-devices', '--tenant', String(tenantId));
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { name: 'Sick MCS100E', entityName: 'Kiln Stack', accessTokens: ['kiln-stack-token-1'], lastDataAt: '2025-01-10T00:00:00.000Z' },
    ]);
  });

  it("puts industries on an investor's watch list and takes them off", async ({ expect }) => {
    const { id: investor } = JSON.parse((await admin('create-tenant', '--name', 'Deccan Capital', '--type', 'investor')).stdout) as { id: number };
    const { id: industry } = JSON.parse((await admin('create-tenant', '--name', 'Narmada Paper')).stdout) as { id: number };
    const watched = () => ctx.db.selectFrom('tenant_watch').select('tenant_id').where('watcher_id', '=', investor).execute();
    const on = await admin('watch', '--watcher', String(investor), '--tenant', String(industry));
    expect(on.code, on.stderr).toBe(0);
    expect(await watched()).toEqual([{ tenant_id: industry }]);
    const wrong = await admin('watch', '--watcher', String(industry), '--tenant', String(industry));
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`watcherId (--watcher): no investor or quasi-regulator tenant ${industry}`);
    expect((await admin('watch', '--watcher', String(investor), '--tenant', String(industry), '--remove')).code).toBe(0);
    expect(await watched()).toEqual([]);
  });

  it('exits 1 naming the field when input is wrong', async ({ expect }) => {
    const badLimit = await spawned('create-device', '--tenant', '1', '--entity', '1', '--name', 'X', '--param', 'pm,max=high');
    expect(badLimit).toMatchObject({ code: 1, stdout: '' });
    expect(badLimit.stderr).toContain('params.0.max (--param): Invalid input: expected number');

    const noTenant = await admin('create-entity', '--tenant', '999999', '--type', 'cems', '--name', 'Stack');
    expect(noTenant.code).toBe(1);
    expect(noTenant.stderr).toContain('tenantId (--tenant): no tenant 999999');
  });

  it('exits 2 with usage for an unknown flag or command', async ({ expect }) => {
    const flag = await spawned('create-tenant', '--colour', 'blue');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--colour'");
    expect(flag.stderr).toContain('usage: npm run admin -- create-tenant');
    const command = await admin('make-coffee');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('unknown command make-coffee');
  });
});
