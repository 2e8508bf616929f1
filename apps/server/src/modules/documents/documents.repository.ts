import type { ColumnType, Generated } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';

/** migrations/004_document.sql */
export interface DocumentTable {
  tenant_id: number;
  id: ColumnType<string, never, never> & Generated<string>;
  entity_id: ColumnType<string | null, number | string | null, number | string | null>;
  type: string;
  path_name: string;
  file_name: string;
  content_type: string;
  content: Buffer;
  created_at: ColumnType<Date, never, never>;
}

export interface DocumentFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface NewDocument extends DocumentFile {
  tenantId: number;
  entityId: number | null;
  /** Kind of document, e.g. 'CTO'. */
  type: string;
  /** '<tenant id>/<name>'. */
  pathName: string;
}

/** Documents attached to entities; every read names the owning tenant. */
export class DocumentRepository extends Repository {
  // Read through a getter so that in(trx) reaches it too.
  private get documents() {
    return this.db.withTables<{ document: DocumentTable }>();
  }

  /** The document, its type and the entity it is attached to (null: the tenant's own). */
  async findByPath(tenantId: number, pathName: string): Promise<(DocumentFile & { type: string; entityId: string | null }) | undefined> {
    const row = await this.documents
      .selectFrom('document')
      .select(['file_name', 'content_type', 'content', 'type', 'entity_id'])
      .where('tenant_id', '=', tenantId)
      .where('path_name', '=', pathName)
      // An uploaded document (migration 110) keeps its bytes in pieces: it is read by its id, streamed.
      .where('content', 'is not', null)
      .executeTakeFirst();
    return row && { fileName: row.file_name, contentType: row.content_type, content: row.content, type: row.type, entityId: row.entity_id };
  }

  /** The contents of those of the paths that hold a document, by path. */
  async contentsByPath(tenantId: number, pathNames: readonly string[]): Promise<Map<string, Buffer>> {
    if (pathNames.length === 0) return new Map();
    const rows = await this.documents
      .selectFrom('document')
      .select(['path_name', 'content'])
      .where('tenant_id', '=', tenantId)
      .where('path_name', 'in', [...pathNames])
      .execute();
    return new Map(rows.map((r) => [r.path_name, r.content]));
  }

  /** The documents of each tenant among the ids, named. */
  async named(refs: readonly { tenantId: number; id: number }[]): Promise<{ tenant_id: number; id: string; file_name: string; path_name: string }[]> {
    if (refs.length === 0) return [];
    return this.documents
      .selectFrom('document')
      .select(['tenant_id', 'id', 'file_name', 'path_name'])
      .where((eb) => eb.or(refs.map((r) => eb.and([eb('tenant_id', '=', r.tenantId), eb('id', '=', String(r.id) as never)]))))
      .execute();
  }

  /** Stores a document, replacing the one at the same path. */
  async save(doc: NewDocument): Promise<void> {
    const values = {
      tenant_id: doc.tenantId,
      entity_id: doc.entityId,
      type: doc.type,
      path_name: doc.pathName,
      file_name: doc.fileName,
      content_type: doc.contentType,
      content: doc.content,
    };
    await this.documents
      .insertInto('document')
      .values(values)
      .onConflict((oc) => oc.columns(['tenant_id', 'path_name']).doUpdateSet(values))
      .execute();
  }
}
