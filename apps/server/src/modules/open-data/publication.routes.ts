import { ERROR_RESPONSES } from '@enviro/contracts/common';
import { OpenPublication, OpenPublicationParams, PutOpenPublication } from '@enviro/contracts/open-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenDataModule } from './open-data.module.ts';

/** A board's open data setting, in the signed-in app. */
export const publicationRoutes: FastifyPluginAsyncZod<OpenDataModule> = async (app, { publication }) => {
  app.get(
    '/api/open-data/publication/:boardId',
    {
      config: { access: ['statutory', 'site'] },
      schema: { tags: ['open data'], summary: "Whether a statutory body publishes its industries' data through the open API", params: OpenPublicationParams, response: { 200: OpenPublication, ...ERROR_RESPONSES } },
    },
    async (request) => publication.get(request.auth, request.params.boardId),
  );

  app.put(
    '/api/open-data/publication/:boardId',
    {
      config: { access: ['statutory', 'siteAdmin'] },
      schema: {
        tags: ['open data'],
        summary: "Turns publishing a board's industries' data on or off (the board's administrators, site administrators)",
        params: OpenPublicationParams,
        body: PutOpenPublication,
        response: { 200: OpenPublication, ...ERROR_RESPONSES },
      },
    },
    async (request) => publication.put(request.auth, request.params.boardId, request.body.published),
  );
};
