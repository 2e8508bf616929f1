/**
 * Documents: files kept for a station, such as its consent to operate (CTO).
 * SPEC 3 (document, type CTO), 7 (Public: /documentById; Documents: add-logo and logos of tenants and entities).
 */
import { areaModule } from '../../platform/modules/area-module.ts';
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

export const documentsModule = areaModule({
  name: 'documents',
  decorate: 'documents',
  dependencies: ['database', 'auth', 'entities'],
  build(app) {
    const db = app.database.db;
    const entities = app.entities.entities;
    const services: DocumentsModule = { documents: new DocumentService(db, entities), logos: new LogoService(db, entities) };
    return services;
  },
  routes: [publicDocumentRoutes, logoRoutes],
});
