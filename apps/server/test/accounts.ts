import type { CreateUser } from '@enviro/contracts/accounts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/platform/database/database.ts';
import { TenantDirectoryRepository } from '../src/modules/tenants/tenant-directory.repository.ts';
import { UserAccountService } from '../src/modules/users/user-accounts.service.ts';

/** Password of every user newUser makes. */
export const PASSWORD = 'correct horse battery';

let counter = 0;

/** A user of the tenant, of the tenant's type unless told; returns the id and the email. */
export async function newUser(db: Db, o: Partial<CreateUser> & { tenantId: number; userType?: CreateUser['userType'] }) {
  const userName = o.userName ?? `user${++counter}.${Date.now()}@example.in`;
  const service = new UserAccountService(db, new TenantDirectoryRepository(db));
  const { id } = await service.create(
    { name: 'test', userId: null },
    { name: 'Test User', userType: 'tenant', role: 'user', password: PASSWORD, ...o, userName },
  );
  return { id, userName };
}

/** Signs in through the API from `ip`; answers the response and the Cookie header to send back. */
export async function login(app: FastifyInstance, userName: string, password = PASSWORD, ip = '10.0.0.1') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { userName, password },
  });
  return { res, cookie: cookieHeader(res) };
}

export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
