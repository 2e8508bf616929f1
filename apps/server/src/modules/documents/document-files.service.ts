import { Readable } from 'node:stream';
import { TENANT_DOCUMENT_QUOTA_BYTES, type AddDocumentFields, type DocumentDetail, type DocumentInfo, type DocumentListQuery, type DocumentPage, type DocumentType } from '@enviro/contracts/documents';
import { assertMayChangeFleet, canReadTenant, fleetTenant } from '../../platform/access/access.ts';
import type { Auth, UserAuth } from '../../platform/access/auth.ts';
import { entityVisible, visibleIdsIn } from '../../platform/access/entity-access.ts';
import { recordAudit } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/database/database.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { DocumentDevices } from './document-devices.ts';
import { DocumentFilesRepository, type UploadedDocumentRow } from './document-files.repository.ts';
import { cleanFileName } from '@enviro/domain/document-file';
import { receiveFile, tooLarge } from './upload-stream.ts';

/** A file part of an upload form, not yet read. */
export interface IncomingFile {
  stream: Readable;
  /** The name the browser sent (cleaned before it is kept). */
  fileName: string;
  /** Whether the multipart reader stopped the file at the size limit. */
  isTruncated: () => boolean;
  /** The request's Content-Length, when it sent one: a bound on the file's size. */
  declaredBytes: number | null;
  /** The most the file may be. */
  maxBytes: number;
}

/** Pieces read per statement when a file is downloaded: 1 MiB at a time. */
const DOWNLOAD_BATCH = 4;

/**
 * Uploaded documents of a tenant, a station or a device: checked by their bytes, stored in pieces
 * as they arrive (a failed or refused upload leaves nothing: one transaction), every version kept,
 * every change in the audit log, and downloaded as a stream. The industry's administrators, its
 * partners and site operations change them; whoever reads the tenant (and the station, for a user
 * limited to some) reads them.
 */
export class DocumentFileService {
  private readonly files: DocumentFilesRepository;

  constructor(
    private readonly db: Db,
    private readonly entities: EntityService,
    private readonly devices: () => DocumentDevices,
  ) {
    this.files = new DocumentFilesRepository(db);
  }

  /** Adds a document to the tenant, one of its entities or devices (the form's fields say which). */
  async add(auth: Auth, fields: AddDocumentFields, file: IncomingFile): Promise<DocumentInfo> {
    const tenantId = await this.targetTenant(auth, fields);
    const user = assertMayChangeFleet(auth, tenantId);
    return this.store(user, tenantId, { entityId: fields.entityId ?? null, deviceId: fields.deviceId ?? null, type: fields.type, title: fields.title ?? null }, file);
  }

  /** Adds a document to a station. */
  async addToStation(auth: Auth, stationId: number, fields: { type: DocumentType; title?: string | undefined }, file: IncomingFile): Promise<DocumentInfo> {
    return this.add(auth, { ...fields, entityId: stationId }, file);
  }

  /** Stores a new version of the document's file; the older ones stay. */
  async replace(auth: Auth, id: number, file: IncomingFile): Promise<DocumentInfo> {
    const tenantId = await this.readableTenant(auth, id);
    const user = assertMayChangeFleet(auth, tenantId);
    await assertFits(this.files, tenantId, file);
    return this.db.transaction().execute(async (trx) => {
      const files = this.files.in(trx);
      const doc = await files.lockForChange(tenantId, id);
      if (!doc) throw missing(id);
      const version = doc.version + 1;
      const received = await receiveFile(file.stream, { maxBytes: file.maxBytes, field: 'body.file', isTruncated: file.isTruncated }, (seq, piece) =>
        files.writeChunk(tenantId, id, version, seq, piece),
      );
      await assertQuota(files, tenantId, received.bytes);
      const fileName = cleanFileName(file.fileName, received.kind);
      await files.addVersion(tenantId, id, { version, fileName, contentType: received.contentType, bytes: received.bytes, sha256: received.sha256, uploadedBy: user.userId });
      const after = toInfo((await files.find(tenantId, id))!);
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'document.version', entity: `document:${id}`, before: toInfo(doc), after });
      return after;
    });
  }

  /** Deletes the document with every version. */
  async delete(auth: Auth, id: number): Promise<{ id: number; deleted: true }> {
    const tenantId = await this.readableTenant(auth, id);
    const user = assertMayChangeFleet(auth, tenantId);
    await this.db.transaction().execute(async (trx) => {
      const files = this.files.in(trx);
      const doc = await files.lockForChange(tenantId, id);
      if (!doc) throw missing(id);
      await files.delete(tenantId, id);
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'document.delete', entity: `document:${id}`, before: toInfo(doc), after: null });
    });
    return { id, deleted: true };
  }

  /** The document with every version, newest first. */
  async detail(auth: Auth, id: number): Promise<DocumentDetail> {
    const doc = await this.readable(auth, id);
    const versions = await this.files.versions(doc.tenant_id, id);
    return {
      ...toInfo(doc),
      versions: versions.map((v) => ({ version: v.version, fileName: v.file_name, contentType: v.content_type, bytes: Number(v.bytes), sha256: v.sha256, uploadedBy: v.uploaded_by === null ? null : Number(v.uploaded_by), uploadedAt: v.created_at.toISOString() })),
    };
  }

  /** The file of the current version (or of `version`), as a stream read from the database piece by piece. */
  async file(auth: Auth, id: number, version?: number): Promise<{ fileName: string; contentType: string; bytes: number; stream: Readable }> {
    const doc = await this.readable(auth, id);
    const wanted = version ?? doc.version;
    const row = (await this.files.versions(doc.tenant_id, id)).find((v) => v.version === wanted);
    if (!row) throw notFound(`Document ${id} has no version ${wanted}`);
    const files = this.files;
    const tenantId = doc.tenant_id;
    async function* pieces() {
      for (let from = 0; ; from += DOWNLOAD_BATCH) {
        const batch = await files.chunks(tenantId, id, wanted, from, DOWNLOAD_BATCH);
        yield* batch;
        if (batch.length < DOWNLOAD_BATCH) return;
      }
    }
    return { fileName: row.file_name, contentType: row.content_type, bytes: Number(row.bytes), stream: Readable.from(pieces(), { objectMode: false }) };
  }

  /** A page of the tenant's documents, newest first, with its quota use. */
  async list(auth: Auth, query: DocumentListQuery): Promise<DocumentPage> {
    const tenantId = fleetTenant(auth, query.tenantId);
    const restriction = await this.entities.restriction(auth);
    const [{ items, total }, usedBytes] = await Promise.all([
      this.files.list(tenantId, query, visibleIdsIn(restriction, tenantId), query),
      this.files.usedBytes(tenantId),
    ]);
    return { items: items.map(toInfo), total, page: query.page, size: query.size, usedBytes, quotaBytes: TENANT_DOCUMENT_QUOTA_BYTES };
  }

  private async store(
    user: UserAuth,
    tenantId: number,
    doc: { entityId: number | null; deviceId: number | null; type: DocumentType; title: string | null },
    file: IncomingFile,
  ): Promise<DocumentInfo> {
    await assertFits(this.files, tenantId, file);
    return this.db.transaction().execute(async (trx) => {
      const files = this.files.in(trx);
      const id = await files.create({ tenantId, entityId: doc.entityId, deviceId: doc.deviceId, type: doc.type, title: doc.title });
      const received = await receiveFile(file.stream, { maxBytes: file.maxBytes, field: 'body.file', isTruncated: file.isTruncated }, (seq, piece) =>
        files.writeChunk(tenantId, id, 1, seq, piece),
      );
      await assertQuota(files, tenantId, received.bytes);
      const fileName = cleanFileName(file.fileName, received.kind);
      await files.addVersion(tenantId, id, { version: 1, fileName, contentType: received.contentType, bytes: received.bytes, sha256: received.sha256, uploadedBy: user.userId });
      const after = toInfo((await files.find(tenantId, id))!);
      await recordAudit(trx, { tenantId, actor: `user:${user.userId}`, actorUserId: user.userId, action: 'document.add', entity: `document:${id}`, before: null, after });
      return after;
    });
  }

  /** The tenant the form names through its entity, device or tenant (404 for what the caller does not see). */
  private async targetTenant(auth: Auth, fields: AddDocumentFields): Promise<number> {
    const tenantId = fleetTenant(auth, fields.tenantId);
    if (fields.entityId !== undefined) {
      const node = await this.entities.node(auth, fields.entityId, { withDevices: false, withParams: false });
      if (node.tenantId !== tenantId && fields.tenantId !== undefined) throw new HttpError(400, 'body.entityId: an entity of another tenant than tenantId', 'body.entityId');
      if (fields.deviceId !== undefined && (await this.devices().tenantOf(auth, fields.deviceId)) !== node.tenantId)
        throw new HttpError(400, "body.deviceId: a device of another tenant than the entity's", 'body.deviceId');
      return node.tenantId;
    }
    if (fields.deviceId !== undefined) {
      const deviceTenant = await this.devices().tenantOf(auth, fields.deviceId);
      if (deviceTenant !== tenantId && fields.tenantId !== undefined) throw new HttpError(400, 'body.deviceId: a device of another tenant than tenantId', 'body.deviceId');
      return deviceTenant;
    }
    return tenantId;
  }

  /** The tenant of an uploaded document the caller reads; 404 for any other, as for a missing one. */
  private async readableTenant(auth: Auth, id: number): Promise<number> {
    const tenantId = await this.files.tenantOf(id).then((t) => (t !== undefined && canReadTenant(auth, t) ? t : undefined));
    if (tenantId === undefined) throw missing(id);
    return tenantId;
  }

  /** An uploaded document the caller reads, its station's restriction included. */
  private async readable(auth: Auth, id: number): Promise<UploadedDocumentRow> {
    const tenantId = await this.readableTenant(auth, id);
    const [doc, restriction] = await Promise.all([this.files.find(tenantId, id), this.entities.restriction(auth)]);
    if (!doc || (doc.entity_id !== null && !entityVisible(restriction, { tenant_id: tenantId, id: doc.entity_id }))) throw missing(id);
    return doc;
  }
}

/**
 * A request announcing more than the file may be, or than the tenant has left, is refused before any
 * of it is read (a 2 GB upload costs its headers, not its body).
 */
async function assertFits(files: DocumentFilesRepository, tenantId: number, file: IncomingFile): Promise<void> {
  if (file.declaredBytes === null) return;
  // A form's fields and boundaries add a few hundred bytes to the file.
  const fileBytes = file.declaredBytes - FORM_OVERHEAD_BYTES;
  if (fileBytes > file.maxBytes) throw tooLarge('body.file', file.maxBytes);
  if ((await files.usedBytes(tenantId)) + fileBytes > TENANT_DOCUMENT_QUOTA_BYTES) throw overQuota();
}

/** What a form may add to its file: the fields and the part headers. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

async function assertQuota(files: DocumentFilesRepository, tenantId: number, adding: number): Promise<void> {
  await files.lockQuota(tenantId);
  if ((await files.usedBytes(tenantId)) + adding > TENANT_DOCUMENT_QUOTA_BYTES) throw overQuota();
}

const overQuota = () =>
  new HttpError(413, `body.file: the industry's documents would take more than its ${TENANT_DOCUMENT_QUOTA_BYTES / 1024 / 1024} MiB; delete old ones first`, 'body.file');

function toInfo(row: UploadedDocumentRow): DocumentInfo {
  return {
    id: Number(row.id),
    tenantId: row.tenant_id,
    entityId: row.entity_id === null ? null : Number(row.entity_id),
    deviceId: row.device_id === null ? null : Number(row.device_id),
    type: row.type as DocumentType,
    title: row.title,
    version: row.version,
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const missing = (id: number) => notFound(`No document with id= ${id}`);
