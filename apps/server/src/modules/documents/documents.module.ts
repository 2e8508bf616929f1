/**
 * Documents: files kept for a station, such as its consent to operate (CTO).
 * SPEC 3 (document, type CTO), 7 (Public: /documentById; Documents).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicDocumentRoutes } from './documents.routes.ts';

export const documentsModule = fp(
  async function documents(app: FastifyInstance) {
    await app.register(publicDocumentRoutes);
  },
  { name: 'documents', dependencies: ['database', 'auth'] },
);
