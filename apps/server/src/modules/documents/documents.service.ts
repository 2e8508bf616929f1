import type { DocumentRequest } from '@enviro/contracts/documents';
import { canReadTenant, mayReadDocument } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { notFound } from '../../platform/errors.ts';
import { EntityService } from '../entities/entities.service.ts';
import { DocumentRepository, type DocumentFile } from './documents.repository.ts';

/** Documents by path ('<tenant id>/<name>'); the tenant in the path must be one the caller may read. */
export class DocumentService {
  private readonly documents: DocumentRepository;
  private readonly entities: EntityService;

  constructor(db: Db) {
    this.documents = new DocumentRepository(db);
    this.entities = new EntityService(db);
  }

  async byPath(auth: Auth, request: DocumentRequest): Promise<DocumentFile> {
    const tenantId = Number(request.pathName.split('/')[0]);
    const missing = notFound(`No document at ${request.pathName}`);
    // Another tenant's document answers like a missing one, so paths are not confirmed to exist.
    if (!canReadTenant(auth, tenantId)) throw missing;
    const [doc, restriction] = await Promise.all([this.documents.findByPath(tenantId, request.pathName), this.entities.restriction(auth)]);
    // A document the portal may not show answers like a missing one too.
    if (!doc || !mayReadDocument(auth, doc.type)) throw missing;
    // A user limited to some entities gets only their documents (and the tenant's own).
    if (doc.entityId !== null && !entityVisible(restriction, { tenant_id: tenantId, id: doc.entityId })) throw missing;
    return { fileName: doc.fileName, contentType: doc.contentType, content: doc.content };
  }
}
