import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../database/unavailable.ts';
import { HttpError } from '../errors.ts';
import { blame, type Issue } from '../validation-issues.ts';
import type { ApiError } from '@enviro/contracts/common';


const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Longest message an error answer gives: messages repeat input (an unknown type, a key), which may be kilobytes. */
const MAX_MESSAGE = 500;
/** Longest field path: a path names keys of the input too. */
const MAX_FIELD = 200;
/** Most validation issues an answer lists: a body of 10,000 unknown keys has as many. */
const MAX_ISSUES = 20;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Every error answer is an ApiError: no stack traces, the field at fault when there is one, and a
 * few kilobytes at most whatever the request held.
 */
function body(statusCode: number, message: string, extra: Partial<ApiError> = {}): ApiError {
  const { field, issues } = extra;
  return {
    statusCode,
    error: REASONS[statusCode] ?? 'Error',
    message: clip(message, MAX_MESSAGE),
    ...(field === undefined ? {} : { field: clip(field, MAX_FIELD) }),
    ...(issues === undefined ? {} : { issues: issues.slice(0, MAX_ISSUES).map((i) => ({ field: clip(i.field, MAX_FIELD), message: clip(i.message, MAX_MESSAGE) })) }),
  };
}

/**
 * Fastify's own refusals made before routing (a URL that is not valid percent-encoding), which the
 * error handler never sees: passed to Fastify as `frameworkErrors` so they answer an ApiError too,
 * without repeating the URL (up to the URL length limit) back.
 */
export function frameworkErrorAnswer(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'the URL is not validly percent-encoded' : 'the request could not be routed';
  void reply.code(statusCode).send(body(statusCode, message));
}

export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues = error.validation
        .flatMap((v) =>
          blame({
            code: v.keyword,
            path: v.instancePath.split('/').filter(Boolean),
            message: v.message ?? 'invalid',
            errors: v.params.errors as Issue['errors'],
          }),
        )
        .map((i) => ({ field: [where, ...i.path.map(String)].join('.'), message: i.message }));
      const first = issues[0]!;
      const more = issues.length > MAX_ISSUES ? ` (${issues.length} issues; the first ${MAX_ISSUES} are listed)` : '';
      return reply
        .code(400)
        .send(body(400, `${clip(`${first.field}: ${first.message}`, MAX_MESSAGE - more.length)}${more}`, { field: first.field, issues }));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.statusCode, error.message, error.field ? { field: error.field } : {}));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(body(500, 'internal error'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send(body(503, 'database unavailable; retry later'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(body(status, 'internal error'));
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type) keep their message.
    return reply.code(status).send(body(status, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(404, `no route ${request.method} ${request.url.split('?')[0]}`));
  });
});
