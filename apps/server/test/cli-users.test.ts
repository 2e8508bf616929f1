import { beforeAll, describe, expect, it } from 'vitest';
import { adminInProcess, adminProcess } from './admin-cli.ts';
import { useTestApp } from './test-app.ts';

describe('admin CLI: create-user', () => {
  const ctx = useTestApp();
  let tenantId: number;

  /** The first command runs as a process of its own, as `npm run admin --` does; the refusals run in this process. */
  const spawned = (...args: string[]) => adminProcess(ctx.database.url, ...args);
  const admin = (...args: string[]) => adminInProcess(ctx.database.url, ...args);

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ type: 'statutory', name: 'Rajasthan SPCB' })).id;
  });

  const flags = (email: string, type = 'statutory') => [
    'create-user', '--tenant', String(tenantId), '--name', 'Member Secretary', '--email', email,
    '--type', type, '--role', 'admin', '--password', 'a long enough secret',
  ];

  it('prints the id of a user who can then sign in, and audits the creation without the password', async () => {
    const out = await spawned(...flags('Member.Secretary@rspcb.in'));
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const { id } = JSON.parse(out.stdout) as { id: number };
    expect(id).toBeGreaterThan(0);
    const { res } = await ctx.login('member.secretary@rspcb.in', 'a long enough secret');
    expect(res.json()).toMatchObject({ id, userType: 'statutory', role: 'admin', view: 'statutory' });
    const audit = await ctx.database.pool.query('SELECT actor, action, entity, before, after FROM audit_log WHERE tenant_id = $1', [tenantId]);
    expect(audit.rows).toEqual([
      expect.objectContaining({ actor: 'cli', action: 'create', entity: `app_user:${id}`, before: null }),
    ]);
    expect(JSON.stringify(audit.rows[0].after)).not.toContain('secret');
  });

  // After the first test (one needs its user).
  it.concurrent.for([
    ['a type other than the tenant’s', () => flags('x1@rspcb.in', 'site'), /^error: userType: must be the tenant's type \(statutory\)/],
    ['a taken email in another case', () => flags('MEMBER.SECRETARY@RSPCB.IN'), /^error: userName: already used/],
    ['a malformed email', () => flags('not-an-email'), /^error: userName \(--email\): must be an email address/],
  ] as const)('refuses %s with exit code 1', async ([, args, message], { expect }) => {
    // Built when the test runs: the tenant exists only after beforeAll.
    const out = await admin(...args());
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(message);
  });
});
