import type { FastifyReply } from 'fastify';

/**
 * Marks a reply as a file download. The plain filename is ASCII for old clients; filename* carries
 * the exact UTF-8 name.
 */
export function attachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'no-store');
}
