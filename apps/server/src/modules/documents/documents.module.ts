/**
 * Documents: files kept for a station, such as its consent to operate (CTO).
 * SPEC 3 (document, type CTO), 7 (Public: /documentById; Documents: add-logo and logos of tenants and entities).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicDocumentRoutes } from './documents.routes.ts';
import { logoRoutes } from './logo.routes.ts';

export const documentsModule = fp(
  async function documents(app: FastifyInstance) {
    await app.register(publicDocumentRoutes);
    await app.register(logoRoutes);
  },
  { name: 'documents', dependencies: ['database', 'auth'] },
);
