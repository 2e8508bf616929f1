import type { DocumentRequest } from '@enviro/contracts/public';
import { assertCanReadTenant } from '../access/access.ts';
import type { Auth } from '../access/auth.ts';
import { notFound } from '../errors.ts';
import type { DocumentFile, PublicDocumentRepository } from '../repositories/public-document.repository.ts';

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
    const doc = await this.documents.findByPath(tenantId, request.pathName);
    if (!doc) throw missing;
    return doc;
  }
}
