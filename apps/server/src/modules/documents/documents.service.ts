import type { DocumentRequest } from '@enviro/contracts/documents';
import { canReadTenant, mayReadDocument } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { DocumentRepository, type DocumentFile } from './documents.repository.ts';

/** A file to keep: its tenant, the entity it belongs to (null: the tenant's own), its kind and '<tenant id>/<name>' path. */
export interface StoredDocument extends DocumentFile {
  tenantId: number;
  entityId: number | null;
  type: string;
  pathName: string;
}

/** A document attached by id elsewhere: its id, file name and path ('<tenant id>/<name>'). */
export interface AttachedDocument {
  id: number;
  fileName: string;
  pathName: string;
}

/** Documents by path ('<tenant id>/<name>'); the tenant in the path must be one the caller may read. */
export class DocumentService {
  private readonly documents: DocumentRepository;

  constructor(db: Db, private readonly entities: EntityService) {
    this.documents = new DocumentRepository(db);
  }

  /** The same service in the caller's transaction. */
  in(trx: Db): DocumentService {
    return new DocumentService(trx, this.entities);
  }

  /**
   * Stores a file that another module's service took from a caller it has checked (a calibration's
   * certificate), replacing any at the same path. No caller; run it in the caller's transaction
   * through `in(trx)`.
   */
  store(doc: StoredDocument): Promise<void> {
    return this.documents.save(doc);
  }

  /**
   * Documents other areas attach by id (a change request's evidence, a warranty request's photos),
   * each only among its own tenant's: keyed `tenantId:id`, with the names a screen links by; an id of
   * another tenant is simply absent. No caller: the attaching module has checked its caller's tenant.
   */
  async attachable(refs: readonly { tenantId: number; id: number }[]): Promise<Map<string, AttachedDocument>> {
    const rows = await this.documents.named(refs);
    return new Map(rows.map((r) => [`${r.tenant_id}:${Number(r.id)}`, { id: Number(r.id), fileName: r.file_name, pathName: r.path_name }]));
  }

  async byPath(auth: Auth, { pathName }: DocumentRequest): Promise<DocumentFile> {
    // Another tenant's document answers like a missing one, so paths are not confirmed to exist.
    if (!canReadTenant(auth, tenantOf(pathName))) throw missing(pathName);
    const tenantId = tenantOf(pathName);
    const [doc, restriction] = await Promise.all([this.documents.findByPath(tenantId, pathName), this.entities.restriction(auth)]);
    // A document the portal may not show answers like a missing one too.
    if (!doc || !mayReadDocument(auth, doc.type)) throw missing(pathName);
    // A user limited to some entities gets only their documents (and the tenant's own).
    if (doc.entityId !== null && !entityVisible(restriction, { tenant_id: tenantId, id: doc.entityId })) throw missing(pathName);
    return { fileName: doc.fileName, contentType: doc.contentType, content: doc.content };
  }
}

const tenantOf = (pathName: string) => Number(pathName.split('/')[0]);

const missing = (pathName: string) => notFound(`No document at ${pathName}`);
