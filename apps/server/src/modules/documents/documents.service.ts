import type { DocumentRequest } from '@enviro/contracts/documents';
import { assertCanReadTenant } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { entityVisible } from '../entities/entity-restriction.ts';
import type { DocumentFile, PublicDocumentRepository } from './documents.repository.ts';

/** Documents by path ('<tenant id>/<name>'); the tenant in the path must be one the caller may read. */
export class PublicDocumentService {
  constructor(private readonly documents: PublicDocumentRepository) {}

  async byPath(auth: Auth, request: DocumentRequest): Promise<DocumentFile> {
    const tenantId = Number(request.pathName.split('/')[0]);
    const missing = notFound(`No document at ${request.pathName}`);
    try {
      assertCanReadTenant(auth, tenantId);
    } catch {
      // Another tenant's document answers like a missing one, so paths are not confirmed to exist.
      throw missing;
    }
    const [doc, restriction] = await Promise.all([this.documents.findByPath(tenantId, request.pathName), this.documents.restriction(auth)]);
    if (!doc) throw missing;
    // A user limited to some entities gets only their documents (and the tenant's own).
    if (doc.entityId !== null && !entityVisible(restriction, { tenant_id: tenantId, id: doc.entityId })) throw missing;
    return { fileName: doc.fileName, contentType: doc.contentType, content: doc.content };
  }
}
