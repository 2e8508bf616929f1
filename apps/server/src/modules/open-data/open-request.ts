import { OPEN_DATA_LICENCE } from '@enviro/contracts/open-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
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

/** The JSON of answers kept by the service, per answer and request URL. */
const bodies = new WeakMap<object, Map<string, string>>();

/**
 * Sends a kept answer's envelope (`envelope`, of the answer the service keeps for every caller) as
 * JSON checked against its contract, made once per answer and URL: a 15-minute week is 672 points,
 * and checking and writing them again for each request the answer serves cost more than finding it.
 * Fastify sends a JSON string as it is, so the route's serializer is not run again.
 */
export function sendKept(reply: FastifyReply, answer: object, url: string, contract: ZodType, envelope: () => unknown): FastifyReply {
  let byUrl = bodies.get(answer);
  if (!byUrl) bodies.set(answer, (byUrl = new Map()));
  let body = byUrl.get(url);
  if (body === undefined) byUrl.set(url, (body = JSON.stringify(contract.parse(envelope()))));
  return reply.type('application/json; charset=utf-8').send(body);
}
