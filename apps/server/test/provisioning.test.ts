import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

describe('ProvisioningService', () => {
  const ctx = useTestApp({ app: false });

  it('creates a device with slots, limits and a token', async () => {
    const { id: tenantId } = await ctx.b.newTenant();
    const { id: entityId } = await ctx.b.newEntity({ tenantId });
    const device = await ctx.b.newDevice({
      tenantId,
      entityId,
      make: 'Thermo',
      model: '5014i',
      params: [{ name: 'pm', min: 0, max: 50 }, { name: 'so2', unit: 'ppm' }],
    });
    expect(device.params).toEqual([{ name: 'pm', slot: 1 }, { name: 'so2', slot: 2 }]);
    expect(device.accessToken).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const limits = await ctx.db.selectFrom('param_limit').selectAll().where('tenant_id', '=', tenantId).execute();
    expect(limits).toEqual([{ tenant_id: tenantId, device_id: String(device.id), slot: 1, min_value: 0, max_value: 50 }]);
  });

  it('refuses unknown parameters, naming the field', async () => {
    const { id: tenantId } = await ctx.b.newTenant();
    const { id: entityId } = await ctx.b.newEntity({ tenantId });
    await expect(ctx.b.newDevice({ tenantId, entityId, params: [{ name: 'unobtainium' }] })).rejects.toThrow(
      'params: unknown parameter unobtainium',
    );
  });

  it('refuses a station of another tenant', async () => {
    const a = await ctx.b.newTenant();
    const other = await ctx.b.newTenant();
    const { id: entityId } = await ctx.b.newEntity({ tenantId: other.id });
    await expect(ctx.b.newDevice({ tenantId: a.id, entityId })).rejects.toThrow(`entityId: no entity ${entityId} in tenant ${a.id}`);
  });
});
