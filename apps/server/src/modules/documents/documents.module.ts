/**
 * Documents: files kept for a station, such as its consent to operate (CTO).
 * SPEC 3 (document, type CTO), 7 (Public: /documentById; Documents: add-logo and logos of tenants and entities).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicDocumentRoutes } from './documents.routes.ts';
import { DocumentService } from './documents.service.ts';
import { logoRoutes } from './logo.routes.ts';
import { LogoService } from './logo.service.ts';

export interface DocumentsModule {
  documents: DocumentService;
  logos: LogoService;
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentsModule;
  }
}

export const documentsModule = fp(
  async function documents(app: FastifyInstance) {
    const db = app.database.db;
    const entities = app.entities.entities;
    const services: DocumentsModule = { documents: new DocumentService(db, entities), logos: new LogoService(db, entities) };
    app.decorate('documents', services);
    await app.register(publicDocumentRoutes, services);
    await app.register(logoRoutes, services);
  },
  { name: 'documents', dependencies: ['database', 'auth', 'entities'] },
);
