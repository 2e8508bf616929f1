import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.ts';
import { nulFieldOf, nulRefused } from './nul-text.ts';

/** Body limit of a route that declares none: the largest contract body (500 new users) fits several times. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Deepest JSON nesting a body may have unless its route declares otherwise; contracts nest a few levels. */
export const MAX_JSON_DEPTH = 32;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Deepest nesting of arrays and objects the route's JSON body may have; MAX_JSON_DEPTH unless told. */
    jsonDepth?: number;
  }
}

/**
 * Bounds what reading a body costs. Every route gets a body limit that fits its contract (only
 * telemetry declares megabytes: parsing 8 MiB of small arrays held the event loop for seconds),
 * and a JSON body nested deeper than its route allows is refused by a scan before JSON.parse
 * builds it, since code that walks parsed values recursively (JSON.stringify, error paths) runs
 * out of stack a few thousand levels down. Fastify's own parser does the rest, prototype
 * poisoning checks included. Text holding NUL, which PostgreSQL cannot store, is refused naming its
 * field, in the body as in the path and the query.
 */
export const requestBodyPlugin = fp(
  async function requestBody(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      route.bodyLimit ??= DEFAULT_BODY_LIMIT;
    });
    const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning!, app.initialConfig.onConstructorPoisoning!);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const limit = request.routeOptions.config.jsonDepth ?? MAX_JSON_DEPTH;
      if (nestsDeeper(body as string, limit)) {
        done(new HttpError(400, `body: nested deeper than ${limit} levels`, 'body'), undefined);
        return;
      }
      parse(request, body as string, (error: Error | null, value?: unknown) => {
        // JSON writes NUL only as an escape, so most bodies need no walk. A device route checks each
        // value on its own, so that one bad value does not refuse the rest.
        const mayHoldNul = !error && request.routeOptions.config.access !== 'device' && (body as string).includes('\\u0000');
        const nul = mayHoldNul ? nulFieldOf(value, 'body') : undefined;
        if (error) done(unparsable(error), undefined);
        else if (nul) done(nulRefused(nul), undefined);
        else done(null, value);
      });
    });
    app.addHook('preValidation', async (request) => {
      const nul = nulFieldOf(request.params, 'params') ?? nulFieldOf(request.query, 'querystring');
      if (nul) throw nulRefused(nul);
    });
  },
  { name: 'request-body' },
);

/** Fastify's parse failures (empty, not JSON, a poisoned prototype) as 400s naming the body like every other input error. */
function unparsable(error: Error): HttpError {
  const empty = (error as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
  return new HttpError(400, empty ? 'body: empty, though its content type is JSON' : 'body: not JSON, or JSON with a __proto__ or constructor.prototype key', 'body');
}

/** Whether `json` opens more than `limit` arrays and objects inside one another, strings aside. */
function nestsDeeper(json: string, limit: number): boolean {
  if (limit === Infinity) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
