import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Every error answer is an ApiError: no stack traces, and the field at fault when there is one. */
function body(statusCode: number, message: string, extra: Partial<ApiError> = {}): ApiError {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', message, ...extra };
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
      return reply
        .code(400)
        .send(body(400, `${first.field}: ${first.message}`, { field: first.field, issues }));
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
