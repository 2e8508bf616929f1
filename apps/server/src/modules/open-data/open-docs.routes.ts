import swaggerUi from '@fastify/swagger-ui';
import { OPEN_DATA_LICENCE } from '@enviro/contracts/open-data';
import type { FastifyPluginAsync } from 'fastify';

/** Where the open API lives; a new major version gets a new prefix beside it. */
export const OPEN_PREFIX = '/api/open/v1';

/** The app's OpenAPI document narrowed to the open data routes, under the open API's own title. */
export function openApiDocument(all: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const paths = Object.fromEntries(Object.entries((all.paths ?? {}) as Record<string, unknown>).filter(([p]) => p.startsWith(OPEN_PREFIX) && !p.startsWith(`${OPEN_PREFIX}/docs`)));
  return {
    ...all,
    info: {
      title: 'Enviro open data API',
      version: '1',
      description: `Published data of the industries of the boards that choose to publish. Licence: ${OPEN_DATA_LICENCE.name}, ${OPEN_DATA_LICENCE.url}. Keys and examples: /developers.`,
    },
    paths,
  };
}

/**
 * The open API's own documentation page (/api/open/v1/docs): the app's Swagger UI over the open
 * routes alone. Its pages and assets are outside the open API's limits: reading the documentation
 * spends none of a caller's requests.
 */
export const openDocsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${OPEN_PREFIX}/docs`)) route.config = { ...route.config, access: 'none' };
  });
  await app.register(swaggerUi, {
    routePrefix: `${OPEN_PREFIX}/docs`,
    transformSpecification: (spec) => openApiDocument(spec),
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
};
