import {
  ChangeRequest,
  ChangeRequestHistory,
  ChangeRequestIdParams,
  ChangeRequestPage,
  ChangeRequestPatch,
  ChangeRequestQuery,
  CorrectionRequestInput,
  CorrectionRequestUpdate,
  MaintenanceRequestInput,
  MaintenanceRequestUpdate,
} from '@enviro/contracts/change-requests';
import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Audience } from '../../platform/access/route-access.ts';
import type { ChangeRequestsModule } from './change-requests.module.ts';

const TAGS = ['change requests'];

/** Who reads change requests: the industry, the board it reports to, site staff (all tenants) and site staff acting as an industry. */
const CR_READ: readonly Audience[] = ['tenant', 'statutory', 'site', 'siteManaging', 'partnerManaging'];
/** Who raises and edits them: the industry's users, and site or partner staff acting as it. */
const CR_RAISE: readonly Audience[] = ['tenant', 'siteManaging', 'partnerManaging'];
/** Who moves them: the industry (withdraw, close) and its board (review, approve, reject, close); the service checks which move is whose. */
const CR_MOVE: readonly Audience[] = ['tenant', 'statutory', 'siteManaging', 'partnerManaging'];

const RESPONSES = { ...ERROR_RESPONSES, 409: ApiError } as const;

/** Change requests (SPEC 7 "Change requests", paths spelled as the spec spells them). */
export const changeRequestRoutes: FastifyPluginAsyncZod<ChangeRequestsModule> = async (app, { requests }) => {
  app.get(
    '/api/changeRequest',
    { config: { access: CR_READ }, schema: { tags: TAGS, summary: 'Change requests of the tenants the caller reads, filtered (crType, status, industry, station, period), sorted and paged', querystring: ChangeRequestQuery, response: { 200: ChangeRequestPage, ...ERROR_RESPONSES } } },
    async (request) => requests.list(request.auth, request.query),
  );
  app.get(
    '/api/changeRequest/:id',
    { config: { access: CR_READ }, schema: { tags: TAGS, summary: 'One change request, with the moves the caller may make', params: ChangeRequestIdParams, response: { 200: ChangeRequest, ...ERROR_RESPONSES } } },
    async (request) => requests.get(request.auth, request.params.id),
  );
  app.get(
    '/api/changeRequest/:id/history',
    { config: { access: CR_READ }, schema: { tags: TAGS, summary: 'Every status a change request went through, with actor, time and comment, oldest first', params: ChangeRequestIdParams, response: { 200: ChangeRequestHistory, ...ERROR_RESPONSES } } },
    async (request) => requests.history(request.auth, request.params.id),
  );
  app.patch(
    '/api/changeRequest/:id',
    { config: { access: CR_MOVE }, schema: { tags: TAGS, summary: 'Move a change request to a status with a comment (checked workflow); approving maintenance opens its window; the other party is mailed', params: ChangeRequestIdParams, body: ChangeRequestPatch, response: { 200: ChangeRequest, ...RESPONSES } } },
    async (request) => requests.move(request.auth, request.params.id, request.body),
  );

  const raiseMaintenance = { config: { access: CR_RAISE }, schema: { tags: TAGS, summary: 'Announce planned maintenance of a station or analyser for its board to approve', body: MaintenanceRequestInput, response: { 201: ChangeRequest, ...RESPONSES } } };
  app.post('/api/changeRequest/maintenance', raiseMaintenance, async (request, reply) => reply.code(201).send(await requests.raise(request.auth, 'MAINTENANCE', request.body)));
  app.post('/api/cr/maintenance', raiseMaintenance, async (request, reply) => reply.code(201).send(await requests.raise(request.auth, 'MAINTENANCE', request.body)));
  app.post(
    '/api/cr/correction',
    { config: { access: CR_RAISE }, schema: { tags: TAGS, summary: "Ask the board to correct one parameter's data over a past period", body: CorrectionRequestInput, response: { 201: ChangeRequest, ...RESPONSES } } },
    async (request, reply) => reply.code(201).send(await requests.raise(request.auth, 'CORRECTION', request.body)),
  );
  app.put(
    '/api/cr/maintenance',
    { config: { access: CR_RAISE }, schema: { tags: TAGS, summary: 'Replace the details of a maintenance request not yet reviewed', body: MaintenanceRequestUpdate, response: { 200: ChangeRequest, ...RESPONSES } } },
    async (request) => requests.replace(request.auth, 'MAINTENANCE', request.body.id, request.body),
  );
  app.put(
    '/api/cr/correction',
    { config: { access: CR_RAISE }, schema: { tags: TAGS, summary: 'Replace the details of a correction request not yet reviewed', body: CorrectionRequestUpdate, response: { 200: ChangeRequest, ...RESPONSES } } },
    async (request) => requests.replace(request.auth, 'CORRECTION', request.body.id, request.body),
  );
};
