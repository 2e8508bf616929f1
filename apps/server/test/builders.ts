import type { CreateDevice } from '@enviro/contracts/devices';
import type { CreateEntity } from '@enviro/contracts/entities';
import type { CreateTenant } from '@enviro/contracts/tenants';
import type { Db } from '../src/platform/database/database.ts';
import { OperatorProvisioning } from '../src/operator-provisioning.ts';

let counter = 0;
const next = () => ++counter;

/** Builders for medium tests: each returns ids and fills what the test does not care about. */
export function builders(db: Db) {
  const svc = OperatorProvisioning.over(db);
  const b = {
    service: svc,
    newTenant: (o: Partial<CreateTenant> = {}) => svc.createTenant({ name: `Industry ${next()}`, ...o }),
    newEntity: (o: Partial<CreateEntity> & { tenantId: number }) =>
      svc.createEntity({ type: 'cems', name: `Station ${next()}`, ...o }),
    newDevice: (o: Partial<CreateDevice> & { tenantId: number; entityId: number }) =>
      svc.createDevice({ name: `Analyser ${next()}`, params: [{ name: 'pm', max: 50 }, { name: 'so2' }], ...o }),
    newApiKey: (tenantId: number) => svc.createApiKey(tenantId, `key ${next()}`),
  };
  return {
    ...b,
    /** A device (pm with max 50 and so2, unless told) on a new station of a new tenant. */
    async newStationDevice(o: Pick<Partial<CreateDevice>, 'params'> = {}) {
      const { id: tenantId } = await b.newTenant();
      const { id: entityId } = await b.newEntity({ tenantId });
      return { tenantId, entityId, ...(await b.newDevice({ tenantId, entityId, ...o })) };
    },
  };
}
