import { z } from 'zod';
import { Id } from './common.ts';

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
