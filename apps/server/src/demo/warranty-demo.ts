import { effectiveAccess } from '@enviro/domain/access-model';
import type { FastifyInstance } from 'fastify';
import type { UserAuth } from '../platform/access/auth.ts';
import { WarrantyService } from '../modules/warranty-requests/warranty-requests.service.ts';
import { WarrantyRepository } from '../modules/warranty-requests/warranty-requests.repository.ts';
import { ChangeRequestsDemoRepository } from './change-requests-demo.repository.ts';

const HOUR_MS = 3_600_000;

function callerOf(user: { id: number; tenantId: number }, userType: 'tenant' | 'partner', role: 'admin' | 'user', tenantIds: number[]): UserAuth {
  return { kind: 'user', userId: user.id, tenantId: user.tenantId, homeTenantId: user.tenantId, userType, role, tenantIds, corporateId: null, manage: false, access: effectiveAccess({ userType, role }), sessionId: '' };
}

/**
 * Two warranty requests of the first industry with its service partner (48-hour terms), made through
 * the module as the industry's user and the partner would: one in progress with a comment each way,
 * one raised three days ago and still open, so overdue. Answers how many it made.
 */
export async function seedWarrantyRequests(app: FastifyInstance, tenantId: number, nowMs: number): Promise<number> {
  const repo = new ChangeRequestsDemoRepository(app.database.db);
  const user = await repo.user('industry.user@enviro.demo');
  const partnerUser = await repo.user('partner@enviro.demo');
  const [first, second] = await repo.limitedStations(tenantId);
  if (!user || !partnerUser || !first) return 0;
  await new WarrantyRepository(app.database.db).setTerms(partnerUser.tenantId, 48);
  const industry = callerOf(user, 'tenant', 'user', [tenantId]);
  const partner = callerOf(partnerUser, 'partner', 'admin', [partnerUser.tenantId, tenantId]);
  let clock = nowMs - 72 * HOUR_MS;
  const service = new WarrantyService(app.database.db, app.entities.entities, app.documents.documents, () => clock);

  const overdue = await service.raise(industry, { deviceId: (second ?? first).deviceId, serialNo: 'SN-24-07781', fault: 'The sample pump stops every few hours; the flow alarm shows on the display.' });
  clock = nowMs - 70 * HOUR_MS;
  await service.comment(industry, overdue.id, { comment: 'Photos of the display are with the shift in-charge; the analyser is reachable from 9 to 6.' });

  clock = nowMs - 20 * HOUR_MS;
  const working = await service.raise(industry, { deviceId: first.deviceId, serialNo: 'TF-5014i-0042', fault: 'Readings freeze at the last value after a power cut until the analyser is restarted.' });
  clock = nowMs - 18 * HOUR_MS;
  await service.move(partner, working.id, { status: 'IN_PROGRESS', comment: 'Firmware 2.4 fixes this; our engineer visits tomorrow at 11.' });
  clock = nowMs - 17 * HOUR_MS;
  await service.comment(industry, working.id, { comment: 'The gate pass is ready at the main gate.' });
  return 2;
}
