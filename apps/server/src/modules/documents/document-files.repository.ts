import { sql, type ColumnType, type Generated } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import type { DocumentTable } from './documents.repository.ts';

/** migrations/110_document_uploads.sql */
export interface UploadedDocumentColumns {
  device_id: ColumnType<string | null, number | string | null, number | string | null>;
  title: string | null;
  current_version: number | null;
  updated_at: ColumnType<Date, never, Date>;
}

export interface DocumentVersionTable {
  tenant_id: number;
  document_id: ColumnType<string, number | string, never>;
  version: number;
  file_name: string;
  content_type: string;
  bytes: ColumnType<string, number, never>;
  sha256: string;
  uploaded_by: ColumnType<string | null, number | null, never>;
  created_at: ColumnType<Date, never, never>;
}

export interface DocumentChunkTable {
  tenant_id: number;
  document_id: ColumnType<string, number | string, never>;
  version: number;
  seq: number;
  data: Buffer;
}

type Tables = {
  document: Omit<DocumentTable, 'content' | 'id'> &
    UploadedDocumentColumns & { id: Generated<string>; content: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null> };
  document_version: DocumentVersionTable;
  document_chunk: DocumentChunkTable;
};

export interface UploadedDocumentRow {
  id: string;
  tenant_id: number;
  entity_id: string | null;
  device_id: string | null;
  type: string;
  title: string;
  version: number;
  file_name: string;
  content_type: string;
  bytes: string;
  created_at: Date;
  updated_at: Date;
}

export interface VersionRow {
  version: number;
  file_name: string;
  content_type: string;
  bytes: string;
  sha256: string;
  uploaded_by: string | null;
  created_at: Date;
}

export interface DocumentFilter {
  entityId?: number;
  deviceId?: number;
  type?: string;
}

/**
 * Uploaded documents: one `document` row each (content NULL) pointing at its newest version, the
 * versions, and their bytes in pieces (`document_chunk`, migration 110). Every statement names the
 * tenant.
 */
export class DocumentFilesRepository extends Repository {
  private get t() {
    return this.db.withTables<Tables>();
  }

  /**
   * Serialises the uploads of one tenant for the rest of the transaction, so that two uploads
   * cannot both fit the quota's last megabytes.
   */
  async lockQuota(tenantId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('enviro.document_quota'), ${tenantId})`.execute(this.db);
  }

  /** Bytes of every version of every uploaded document of the tenant. */
  async usedBytes(tenantId: number): Promise<number> {
    const row = await this.t
      .selectFrom('document_version')
      .select(sql<string>`coalesce(sum(bytes), 0)`.as('used'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /** A new document at version 1, its file still to be stored; its id. */
  async create(doc: { tenantId: number; entityId: number | null; deviceId: number | null; type: string; title: string | null }): Promise<number> {
    const row = await this.t
      .insertInto('document')
      .values({
        tenant_id: doc.tenantId,
        entity_id: doc.entityId,
        device_id: doc.deviceId,
        type: doc.type,
        title: doc.title,
        current_version: 1,
        path_name: sql<string>`${doc.tenantId}::text || '/files/' || gen_random_uuid()`,
        // The current version's name and type are copied here too, so the documents list reads one table.
        file_name: '-',
        content_type: '-',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** One piece of a version's file. */
  async writeChunk(tenantId: number, documentId: number, version: number, seq: number, data: Buffer): Promise<void> {
    await this.t.insertInto('document_chunk').values({ tenant_id: tenantId, document_id: documentId, version, seq, data }).execute();
  }

  /** Records a version whose pieces are stored and makes it the document's current one. */
  async addVersion(
    tenantId: number,
    documentId: number,
    v: { version: number; fileName: string; contentType: string; bytes: number; sha256: string; uploadedBy: number | null },
  ): Promise<void> {
    await this.t
      .insertInto('document_version')
      .values({ tenant_id: tenantId, document_id: documentId, version: v.version, file_name: v.fileName, content_type: v.contentType, bytes: v.bytes, sha256: v.sha256, uploaded_by: v.uploadedBy })
      .execute();
    await this.t
      .updateTable('document')
      .set({ current_version: v.version, file_name: v.fileName, content_type: v.contentType, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', String(documentId))
      .execute();
  }

  /** The document's row locked for a new version or a deletion, or undefined. */
  async lockForChange(tenantId: number, documentId: number): Promise<UploadedDocumentRow | undefined> {
    return this.uploaded(tenantId).where('d.id', '=', String(documentId)).forUpdate('d').executeTakeFirst();
  }

  /** The uploaded document, or undefined. */
  async find(tenantId: number, documentId: number): Promise<UploadedDocumentRow | undefined> {
    return this.uploaded(tenantId).where('d.id', '=', String(documentId)).executeTakeFirst();
  }

  /** The tenant an uploaded document belongs to, or undefined: ids are unique across tenants. */
  async tenantOf(documentId: number): Promise<number | undefined> {
    const row = await this.t
      .selectFrom('document')
      .select('tenant_id')
      .where('id', '=', String(documentId))
      .where('current_version', 'is not', null)
      .executeTakeFirst();
    return row?.tenant_id;
  }

  /** A page of the tenant's uploaded documents, newest first, and how many match. */
  async list(tenantId: number, filter: DocumentFilter, visibleEntityIds: readonly string[] | null, page: { page: number; size: number }) {
    const base = this.uploaded(tenantId)
      .$if(filter.entityId !== undefined, (q) => q.where('d.entity_id', '=', String(filter.entityId)))
      .$if(filter.deviceId !== undefined, (q) => q.where('d.device_id', '=', String(filter.deviceId)))
      .$if(filter.type !== undefined, (q) => q.where('d.type', '=', filter.type!))
      // A user limited to some stations sees their documents and the tenant's own.
      .$if(visibleEntityIds !== null, (q) => q.where((eb) => eb.or([eb('d.entity_id', 'is', null), sql<boolean>`d.entity_id = ANY(${sql.val(visibleEntityIds)}::bigint[])`])));
    const [items, count] = await Promise.all([
      base.orderBy('d.id', 'desc').limit(page.size).offset(page.page * page.size).execute(),
      base.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: count.n };
  }

  /** Every version of a document, newest first. */
  async versions(tenantId: number, documentId: number): Promise<VersionRow[]> {
    return this.t
      .selectFrom('document_version')
      .select(['version', 'file_name', 'content_type', 'bytes', 'sha256', 'uploaded_by', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('document_id', '=', String(documentId))
      .orderBy('version', 'desc')
      .execute();
  }

  /** Pieces `from` to `from + count - 1` of a version, in order. */
  async chunks(tenantId: number, documentId: number, version: number, from: number, count: number): Promise<Buffer[]> {
    const rows = await this.t
      .selectFrom('document_chunk')
      .select('data')
      .where('tenant_id', '=', tenantId)
      .where('document_id', '=', String(documentId))
      .where('version', '=', version)
      .where('seq', '>=', from)
      .where('seq', '<', from + count)
      .orderBy('seq')
      .execute();
    return rows.map((r) => r.data);
  }

  /** Deletes the document with its versions and their bytes (cascading). */
  async delete(tenantId: number, documentId: number): Promise<void> {
    await this.t.deleteFrom('document').where('tenant_id', '=', tenantId).where('id', '=', String(documentId)).execute();
  }

  private uploaded(tenantId: number) {
    return this.t
      .selectFrom('document as d')
      .innerJoin('document_version as v', (j) => j.onRef('v.tenant_id', '=', 'd.tenant_id').onRef('v.document_id', '=', 'd.id').onRef('v.version', '=', 'd.current_version'))
      .select(['d.id', 'd.tenant_id', 'd.entity_id', 'd.device_id', 'd.type', 'v.file_name', 'v.content_type', 'v.bytes', 'd.created_at', 'd.updated_at'])
      .select((eb) => [eb.fn.coalesce('d.title', 'v.file_name').as('title'), eb.ref('d.current_version').$notNull().as('version')])
      .where('d.tenant_id', '=', tenantId)
      .where('d.current_version', 'is not', null);
  }
}
