import { z } from 'zod';

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
