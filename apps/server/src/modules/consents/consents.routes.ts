import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { Consent, ConsentAlertRules, ConsentIdParams, ConsentList, ConsentListQuery, ConsentTaskQuery, ConsentTasks, CurrentCto, NewConsent } from '@enviro/contracts/consents';
import { DocumentDeleted, StationDocumentParams } from '@enviro/contracts/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsentsModule } from './consents.module.ts';
import { FLEET_WRITE, PORTAL_READ, TENANT_READ } from '../../platform/access/route-access.ts';

/** Consents (issue 33) and the actionable tasks cto and noc (SPEC 7 Other). */
export const consentRoutes: FastifyPluginAsyncZod<ConsentsModule> = async (app, { consents }) => {
  const tags = ['documents'];

  app.post(
    '/api/consents',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: 'Record a CTO or NOC of an industry or station: number, board, validity, consented limits', body: NewConsent, response: { 200: Consent, ...ERROR_RESPONSES } } },
    async (request) => consents.create(request.auth, request.body),
  );

  app.get(
    '/api/consents',
    { config: { access: TENANT_READ }, schema: { tags, summary: 'Consents of the industries the caller reads, soonest expiry first', querystring: ConsentListQuery, response: { 200: ConsentList, ...ERROR_RESPONSES } } },
    async (request) => consents.list(request.auth, request.query),
  );

  app.delete(
    '/api/consents/:id',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: 'Delete a consent entered wrongly', params: ConsentIdParams, response: { 200: DocumentDeleted, ...ERROR_RESPONSES } } },
    async (request) => consents.delete(request.auth, request.params.id),
  );

  app.post(
    '/api/consents/:id/alert-rules',
    { config: { access: FLEET_WRITE }, schema: { tags, summary: "Make an alert rule of each of the consent's limits (15-minute average above it)", params: ConsentIdParams, response: { 200: ConsentAlertRules, ...ERROR_RESPONSES } } },
    async (request) => consents.proposeAlertRules(request.auth, request.params.id),
  );

  for (const kind of ['cto', 'noc'] as const) {
    app.get(
      `/api/actionable-task/${kind}`,
      { config: { access: TENANT_READ }, schema: { tags: ['actionable tasks'], summary: `${kind.toUpperCase()}s in force expired or expiring within 60, 30 and 7 days`, querystring: ConsentTaskQuery, response: { 200: ConsentTasks, ...ERROR_RESPONSES } } },
      async (request) => consents.tasks(request.auth, kind === 'cto' ? 'CTO' : 'NOC', request.query.tenantId),
    );
  }

  app.get(
    '/api/station/:stationId/current-cto',
    { config: { access: PORTAL_READ }, schema: { tags: ['public'], summary: "A station's CTO in force (the newest, while valid), or the day it expired", params: StationDocumentParams, response: { 200: CurrentCto, ...ERROR_RESPONSES } } },
    async (request) => consents.currentCto(request.auth, request.params.stationId),
  );
};
