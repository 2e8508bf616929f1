import { effectiveAccess } from '@enviro/domain/access-model';
import type { FastifyInstance } from 'fastify';
import type { UserAuth } from '../platform/access/auth.ts';
import { ChangeRequestService, changeRequestDeps } from '../modules/change-requests/change-requests.service.ts';
import { rebuildComplianceDays } from '../modules/compliance/compliance-days-worker.ts';
import { ChangeRequestsDemoRepository } from './change-requests-demo.repository.ts';

const HOUR_MS = 3_600_000;
const QUARTER_MS = 15 * 60_000;

/** A demo user as the auth plugin would resolve them, reading `tenantIds`. */
function callerOf(user: { id: number; tenantId: number }, userType: 'tenant' | 'statutory', role: 'admin' | 'user', tenantIds: number[]): UserAuth {
  return { kind: 'user', userId: user.id, tenantId: user.tenantId, homeTenantId: user.tenantId, userType, role, tenantIds, corporateId: null, manage: false, access: effectiveAccess({ userType, role }), sessionId: '' };
}

/**
 * The first industry's change requests, made through the module as its administrator and the
 * board would: a maintenance window of its first station in the last day that the board approved
 * beforehand (shaded as maintenance on the station's trend, no exceedance alert in it, left out of
 * availability and compliance), a maintenance window ahead waiting for the board, a correction
 * request under review and one approved (the correction layer's version 1 over two hours: every
 * figure uses its values, the trend marks them; the demo regulator republishes it once it maps the
 * industries, `republishUnsentCorrections`). Runs before the last day's alerts are evaluated;
 * answers how many requests it made.
 */
export async function seedChangeRequests(app: FastifyInstance, tenantId: number, boardTenantId: number, nowMs: number): Promise<number> {
  const repo = new ChangeRequestsDemoRepository(app.database.db);
  const admin = await repo.user('industry.admin@enviro.demo');
  const board = await repo.user('board@enviro.demo');
  const [first, second] = await repo.limitedStations(tenantId);
  if (!admin || !board || !first) return 0;
  const industry = callerOf(admin, 'tenant', 'admin', [tenantId]);
  const decider = callerOf(board, 'statutory', 'user', [boardTenantId, tenantId]);
  // Seeded history is no news: nobody is mailed about it.
  const messaging = { publicUrl: app.messaging.publicUrl, mailer: { kind: 'log' as const, send: async () => undefined, close: async () => undefined } };
  const quarter = (ms: number) => Math.floor(ms / QUARTER_MS) * QUARTER_MS;
  const iso = (ms: number) => new Date(ms).toISOString();

  // Raised two days before the work, taken up the next morning and approved the evening before it.
  const window = { from: quarter(nowMs - 10 * HOUR_MS), to: quarter(nowMs - 7 * HOUR_MS) };
  let clock = window.from - 48 * HOUR_MS;
  const past = new ChangeRequestService({ ...changeRequestDeps(app), messaging }, () => clock);
  const approved = await past.raise(industry, 'MAINTENANCE', { stationId: first.stationId, from: iso(window.from), to: iso(window.to), reason: 'Replacing the sample probe and heated line; the stack is monitored by the standby analyser.' });
  clock = window.from - 30 * HOUR_MS;
  await past.move(decider, approved.id, { status: 'UNDER_REVIEW', comment: '' });
  clock = window.from - 12 * HOUR_MS;
  await past.move(decider, approved.id, { status: 'APPROVED', comment: 'Agreed. Send the service report once done.' });
  // The closed days were derived before the window existed.
  await rebuildComplianceDays(app.database.db, [tenantId], new Date(window.from), new Date(window.to));

  const now = new ChangeRequestService({ ...changeRequestDeps(app), messaging }, () => nowMs);
  const ahead = quarter(nowMs + 3 * 24 * HOUR_MS);
  await now.raise(industry, 'MAINTENANCE', { stationId: (second ?? first).stationId, from: iso(ahead), to: iso(ahead + 6 * HOUR_MS), reason: 'Annual overhaul of the analyser by the service partner.' });

  const corrected = await now.raise(industry, 'CORRECTION', {
    stationId: first.stationId,
    deviceId: first.deviceId,
    param: first.param,
    from: iso(quarter(nowMs - 20 * HOUR_MS)),
    to: iso(quarter(nowMs - 18 * HOUR_MS)),
    reason: 'The span was set with a cylinder of the wrong concentration at the last visit; the readings of those two hours are 25 % high (service report attached to the visit).',
    correction: { kind: 'LINEAR', factor: 0.8, offset: 0 },
  });
  await now.move(decider, corrected.id, { status: 'APPROVED', comment: 'The service report confirms the wrong span gas.' });
  const pending = await now.raise(industry, 'CORRECTION', {
    stationId: first.stationId,
    deviceId: first.deviceId,
    param: first.param,
    from: iso(quarter(nowMs - 16 * HOUR_MS)),
    to: iso(quarter(nowMs - 15 * HOUR_MS)),
    reason: 'A blocked filter read low for an hour; those readings are not process data.',
    correction: { kind: 'INVALID' },
  });
  await now.move(decider, pending.id, { status: 'UNDER_REVIEW', comment: 'Please attach the maintenance log.' });
  return 4;
}
