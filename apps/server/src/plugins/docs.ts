import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod contracts, browsable at /api/docs. */
export const docsPlugin = fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Enviro API', version: '0.1.0', description: 'See docs/ARCHITECTURE.md and docs/DEVICES.md.' },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer' },
          portal: { type: 'apiKey', in: 'header', name: 'public-tenant-id' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Contracts given an id (recursive ones such as EntityNode) become components that routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  // The documentation is public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'none' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
