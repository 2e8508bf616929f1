/**
 * Documents: files kept for a tenant, a station or a device, such as its consent to operate (CTO).
 * SPEC 3 (document, type CTO), 7 (Public: /documentById; Documents: add-document, uploadDocuments,
 * document-file, document, add-logo and logos of tenants and entities); issue 33.
 */
import { areaModule } from '../../platform/modules/area-module.ts';
import type { DocumentDevices } from './document-devices.ts';
import { documentFileRoutes } from './document-files.routes.ts';
import { DocumentFileService } from './document-files.service.ts';
import { publicDocumentRoutes } from './documents.routes.ts';
import { DocumentService } from './documents.service.ts';
import { logoRoutes } from './logo.routes.ts';
import { LogoService } from './logo.service.ts';

export interface DocumentsModule {
  documents: DocumentService;
  logos: LogoService;
  files: DocumentFileService;
  /** Lets documents be attached to devices (the devices module, registered after this one). */
  attachDevicesFrom: (devices: DocumentDevices) => void;
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
    let devices: DocumentDevices | null = null;
    const attachedDevices = () => {
      if (!devices) throw new Error('documents: no devices attached (the devices module is not registered)');
      return devices;
    };
    const services: DocumentsModule = {
      documents: new DocumentService(db, entities),
      logos: new LogoService(db, entities),
      files: new DocumentFileService(db, entities, attachedDevices),
      attachDevicesFrom: (source) => (devices = source),
    };
    return services;
  },
  routes: [publicDocumentRoutes, logoRoutes, documentFileRoutes],
});
