import { z } from 'zod';
import { DOCUMENT_KINDS } from '@enviro/domain/document-file';
import { Id, Instant, TenantId, pageOf } from './common.ts';

// ---------------------------------------------------------------------------------------------
// POST /api/documentById
// ---------------------------------------------------------------------------------------------

/** Name of the station property holding the path of its CTO (consent to operate) document. */
export const CTO_DOCUMENT_PROPERTY = 'CTO Document';

/** Body of POST /api/documentById. */
export const DocumentRequest = z.object({
  /**
   * Path of the document: the owning tenant's id, a slash, then the document's name, e.g.
   * '12/cto/stack-1.pdf'. A station's 'CTO Document' property holds its CTO's path.
   */
  pathName: z
    .string()
    .trim()
    .max(500)
    .regex(/^[1-9]\d{0,15}\/[^/].*$/, "must be '<tenant id>/<name>', e.g. '12/cto/stack-1.pdf'"),
});
export type DocumentRequest = z.infer<typeof DocumentRequest>;

// ---------------------------------------------------------------------------------------------
// Logos (SPEC 7 Documents: add-logo/entity/{id}, entity logo): POST /api/add-logo/{tenantOrEntity}/{id},
// GET /api/logo/{tenantOrEntity}/{id}. A tenant's logo heads its PDF reports.
// ---------------------------------------------------------------------------------------------

/** Largest logo file accepted: 512 KiB (a letterhead image, not a photograph). */
export const LOGO_MAX_BYTES = 512 * 1024;

/**
 * Path of the logo routes. The first segment names a resource like a route's own words: `tenant`
 * or `entity` (a station); any other answers 404 like an unknown path.
 */
export const LogoOwnerParams = z.object({
  /** Whose logo: `tenant` or `entity`. */
  tenantOrEntity: z.string().min(1).max(40),
  /** The tenant's or entity's id. */
  id: Id,
});

/** Body of POST /api/add-logo/{tenantOrEntity}/{id}: a PNG or JPEG image, base64. */
export const LogoUpload = z.object({
  /** File name as uploaded, e.g. 'acme-logo.png'. */
  fileName: z.string().trim().min(1).max(200).regex(/^[^/\\]+$/, 'a file name, without folders'),
  /** The image's bytes in base64; PNG or JPEG (told by its first bytes, not its name), at most 512 KiB. */
  content: z
    .base64()
    .min(1)
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, `the image may be at most ${LOGO_MAX_BYTES / 1024} KiB`),
});
export type LogoUpload = z.infer<typeof LogoUpload>;

/** Answer of the upload: what was stored. */
export const LogoInfo = z.object({
  ownerKind: z.enum(['tenant', 'entity']),
  ownerId: z.number(),
  fileName: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
});
export type LogoInfo = z.infer<typeof LogoInfo>;

/** Answer of GET /api/logo/{tenantOrEntity}/{id}/info: the logo stored, or null (so a screen need not ask for an image that is not there). */
export const LogoState = z.object({ logo: LogoInfo.nullable() });
export type LogoState = z.infer<typeof LogoState>;

// ---------------------------------------------------------------------------------------------
// Uploaded documents (SPEC 7 Documents): POST /api/add-document, POST /api/uploadDocuments/{stationId},
// POST /api/document-file/{id} (a new version), DELETE /api/document/{id}, GET /api/document/{id}
// (the file), GET /api/document/{id}/info, GET /api/documents. Uploads are multipart/form-data:
// the fields below first, then one file part named `file`; the server streams the file into
// PostgreSQL as it arrives.
// ---------------------------------------------------------------------------------------------

/** Largest file accepted: 25 MiB (a scanned consent of a hundred pages). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/** What every version of every document of a tenant may add up to: 1 GiB. */
export const TENANT_DOCUMENT_QUOTA_BYTES = 1024 * 1024 * 1024;

/** Content types a document may have, told by its bytes. */
export const DOCUMENT_CONTENT_TYPES = Object.values(DOCUMENT_KINDS).map((k) => k.contentType);

/** What a document is. CTO and NOC are consents (see the consents routes); LOGO is kept by the logo routes. */
export const DocumentType = z.enum(['CTO', 'CTE', 'NOC', 'LAB_REPORT', 'STACK_MONITORING', 'CALIBRATION', 'AUDIT', 'PHOTO', 'OTHER']);
export type DocumentType = z.infer<typeof DocumentType>;

/** Form fields of POST /api/add-document (before the file part). */
export const AddDocumentFields = z.object({
  /** The tenant the document belongs to; the caller's own when left out. */
  tenantId: TenantId.optional(),
  /** A station (or other entity) of that tenant the document belongs to. */
  entityId: Id.optional(),
  /** A device of that tenant the document belongs to. */
  deviceId: Id.optional(),
  type: DocumentType.default('OTHER'),
  /** A title to list it under; the file's name when left out. */
  title: z.string().trim().min(1).max(200).optional(),
});
export type AddDocumentFields = z.infer<typeof AddDocumentFields>;

/** Form fields of POST /api/uploadDocuments/{stationId}. */
export const StationDocumentFields = AddDocumentFields.pick({ type: true, title: true });

/** Path of POST /api/uploadDocuments/{stationId}. */
export const StationDocumentParams = z.object({ stationId: Id });

/** Path of the routes of one document. */
export const DocumentIdParams = z.object({ id: Id });

/** Query of GET /api/document/{id}: an older version's file. */
export const DocumentFileQuery = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });

/** One version of a document's file. */
export const DocumentVersion = z.object({
  version: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  /** SHA-256 of the bytes, hex. */
  sha256: z.string(),
  uploadedBy: z.number().nullable(),
  uploadedAt: Instant,
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;

/** An uploaded document, its current version's file. */
export const DocumentInfo = z.object({
  id: z.number(),
  tenantId: z.number(),
  entityId: z.number().nullable(),
  deviceId: z.number().nullable(),
  type: DocumentType,
  title: z.string(),
  version: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type DocumentInfo = z.infer<typeof DocumentInfo>;

/** Answer of GET /api/document/{id}/info: the document and every version, newest first. */
export const DocumentDetail = DocumentInfo.extend({ versions: z.array(DocumentVersion) });
export type DocumentDetail = z.infer<typeof DocumentDetail>;

/** Query of GET /api/documents. */
export const DocumentListQuery = z.object({
  /** Whose documents; the caller's tenant when left out. */
  tenantId: TenantId.optional(),
  /** Only those of this entity. */
  entityId: Id.optional(),
  /** Only those of this device. */
  deviceId: Id.optional(),
  type: DocumentType.optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

/** Answer of GET /api/documents, newest first, with what the tenant has used of its quota. */
export const DocumentPage = pageOf(DocumentInfo).extend({
  /** Bytes of every version of every document of the tenant. */
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type DocumentPage = z.infer<typeof DocumentPage>;

/** Answer of DELETE /api/document/{id}. */
export const DocumentDeleted = z.object({ id: z.number(), deleted: z.literal(true) });
