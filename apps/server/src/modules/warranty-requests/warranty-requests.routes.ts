import { ApiError, ERROR_RESPONSES } from '@enviro/contracts/common';
import { WarrantyCommentInput, WarrantyDeleted, WarrantyIdParams, WarrantyPage, WarrantyPatch, WarrantyQuery, WarrantyRequest, WarrantyRequestInput, WarrantyTerms, WarrantyTermsInput, WarrantyTermsParams } from '@enviro/contracts/warranty-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Audience } from '../../platform/access/route-access.ts';
import type { WarrantyRequestsModule } from './warranty-requests.module.ts';

const TAGS = ['warranty requests'];

/** Who reads them: the industry, the partners (their own requests), site staff (all), and site or partner staff acting as the industry. */
const WARRANTY_READ: readonly Audience[] = ['tenant', 'partner', 'site', 'siteManaging', 'partnerManaging'];
/** Who raises and deletes them: the industry's users and site staff acting as it. */
const WARRANTY_RAISE: readonly Audience[] = ['tenant', 'siteManaging'];
/** Who comments and moves them: the industry and the partner; the service checks whose move it is. */
const WARRANTY_ACT: readonly Audience[] = ['tenant', 'partner', 'siteManaging', 'partnerManaging'];

/** Who reads a partner's terms: its staff, the industries it serves, site staff. */
const TERMS_READ: readonly Audience[] = ['tenant', 'partner', 'site', 'siteManaging', 'partnerManaging'];
/** Who sets them: the partner's administrators and site administrators. */
const TERMS_WRITE: readonly Audience[] = ['partnerFleet', 'siteAdmin'];

const RESPONSES = { ...ERROR_RESPONSES, 409: ApiError } as const;

/** Warranty requests (SPEC 7, paths spelled as the spec spells them). */
export const warrantyRoutes: FastifyPluginAsyncZod<WarrantyRequestsModule> = async (app, { warranty }) => {
  app.get(
    '/api/warrantRequests',
    { config: { access: WARRANTY_READ }, schema: { tags: TAGS, summary: 'Warranty requests the caller reads, overdue first, then by due time', querystring: WarrantyQuery, response: { 200: WarrantyPage, ...ERROR_RESPONSES } } },
    async (request) => warranty.list(request.auth, request.query),
  );
  app.post(
    '/api/warrantRequests',
    { config: { access: WARRANTY_RAISE }, schema: { tags: TAGS, summary: "Report a faulty device to the industry's service partner; its SLA starts", body: WarrantyRequestInput, response: { 201: WarrantyRequest, ...RESPONSES } } },
    async (request, reply) => reply.code(201).send(await warranty.raise(request.auth, request.body)),
  );
  app.get(
    '/api/warrantRequests/:id',
    { config: { access: WARRANTY_READ }, schema: { tags: TAGS, summary: 'One warranty request with its comment thread', params: WarrantyIdParams, response: { 200: WarrantyRequest, ...ERROR_RESPONSES } } },
    async (request) => warranty.get(request.auth, request.params.id),
  );
  app.post(
    '/api/addComment/warrantRequests/:id',
    { config: { access: WARRANTY_ACT }, schema: { tags: TAGS, summary: 'Add a comment to the thread of a warranty request', params: WarrantyIdParams, body: WarrantyCommentInput, response: { 200: WarrantyRequest, ...RESPONSES } } },
    async (request) => warranty.comment(request.auth, request.params.id, request.body),
  );
  app.patch(
    '/api/warrantRequests/:id',
    { config: { access: WARRANTY_ACT }, schema: { tags: TAGS, summary: 'Move a warranty request to a status (checked workflow) with a comment', params: WarrantyIdParams, body: WarrantyPatch, response: { 200: WarrantyRequest, ...RESPONSES } } },
    async (request) => warranty.move(request.auth, request.params.id, request.body),
  );
  app.delete(
    '/api/warrantRequests/:id',
    { config: { access: WARRANTY_RAISE }, schema: { tags: TAGS, summary: 'Delete a warranty request the partner has not taken up (still open)', params: WarrantyIdParams, response: { 200: WarrantyDeleted, ...RESPONSES } } },
    async (request) => {
      await warranty.delete(request.auth, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
  app.get(
    '/api/warrantyTerms/:partnerId',
    { config: { access: TERMS_READ }, schema: { tags: TAGS, summary: "A service partner's warranty terms: hours to respond and to resolve", params: WarrantyTermsParams, response: { 200: WarrantyTerms, ...ERROR_RESPONSES } } },
    async (request) => warranty.terms(request.auth, request.params.partnerId),
  );
  app.put(
    '/api/warrantyTerms/:partnerId',
    { config: { access: TERMS_WRITE }, schema: { tags: TAGS, summary: "Set a service partner's warranty terms for requests raised from now on", params: WarrantyTermsParams, body: WarrantyTermsInput, response: { 200: WarrantyTerms, ...ERROR_RESPONSES } } },
    async (request) => warranty.setTerms(request.auth, request.params.partnerId, request.body),
  );
};
