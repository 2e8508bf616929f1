import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The CSP fits the built web app: its scripts and styles are
 * files of our own origin (Vite emits no inline script); styles may also be inline because the
 * component library injects its CSS variables in <style> tags; charts render as SVG and icons may
 * be data: URLs. No plugin, frame or form target outside our origin.
 */
export const securityHeadersPlugin = fp(
  async function securityHeaders(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // A camera's live view plays from a MediaSource object URL (docs/CAMERAS.md).
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
  },
  { name: 'security-headers' },
);
