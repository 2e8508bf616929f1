import { OPEN_DATA_LICENCE } from '@enviro/contracts/open-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenKeysService } from './open-keys.service.ts';

/**
 * What every open API request goes through, in the route plugins that serve it: CORS for browsers of
 * any site (the API only reads published data and takes no cookie), then the caller's limits.
 */
export function openRequestHooks(app: FastifyInstance, keys: OpenKeysService): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Licence');
    if (request.method === 'OPTIONS' || request.is404) return;
    const key = request.headers['x-api-key'];
    reply.headers(await keys.admit(typeof key === 'string' && key !== '' ? key : undefined, request.ip));
  });
}

/** Whom an answer credits. */
function attribution(boards: readonly string[]): string {
  const by = boards.length === 0 ? 'the statutory bodies that publish' : [...new Set(boards)].join(', ');
  return `Data of the industries' monitoring stations, published by ${by} through Enviro, under ${OPEN_DATA_LICENCE.name}.`;
}

/** Every answer: its data with the licence, the attribution and the next page's URL. */
export function openEnvelope<T>(data: T, boards: readonly string[], next: string | null = null) {
  return { licence: { ...OPEN_DATA_LICENCE }, attribution: attribution(boards), data, next };
}
