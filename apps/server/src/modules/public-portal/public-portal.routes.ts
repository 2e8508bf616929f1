import { BoardList, BoardListQuery, IndustryList, IndustryListParams } from '@enviro/contracts/public-portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicPortalModule } from './public-portal.module.ts';
import { PORTAL_READ } from '../../platform/access/route-access.ts';

export const publicIndustryRoutes: FastifyPluginAsyncZod<PublicPortalModule> = async (app, { industries }) => {

  // The public home page lists the boards before anyone has picked one, so no portal header yet.
  app.get(
    '/api/boards',
    {
      config: { access: 'none' },
      schema: {
        tags: ['public'],
        summary: 'The statutory bodies whose industries the public portal lists, or those one industry reports to',
        querystring: BoardListQuery,
        response: { 200: BoardList },
      },
    },
    async (request) => industries.boards(request.query),
  );

  // The path keeps the product's spelling ('industy') so existing links and clients work.
  app.get(
    '/api/stateDashboard/industyList/:id',
    {
      config: { access: PORTAL_READ },
      schema: {
        tags: ['public'],
        summary: "A statutory body's public industries with station counts and live status",
        params: IndustryListParams,
        response: { 200: IndustryList },
      },
    },
    async (request) => industries.list(request.auth, request.params.id),
  );
};
