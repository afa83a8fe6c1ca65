import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, FieldIssue } from '@atelier/contract/common/errors';
import { ERROR_STATUS } from '@atelier/contract/common/errors';
import { AppError, errorBody as body, isAppError } from '@/lib/app-error';
import { sqlState } from '@/lib/db-errors';

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

const toFieldIssues = (error: FastifyError & { validation: unknown[] }): FieldIssue[] => {
  const context = CONTEXT_NAMES[error.validationContext ?? 'body'] ?? 'body';
  return (error.validation as { instancePath: string; message?: string }[]).map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    return { field: path ? `${context}.${path}` : context, message: issue.message ?? 'is invalid' };
  });
};

/** Fastify's own client errors, by their code, with the message a user can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'bad_request',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'bad_request',
    message: 'The request body is not valid JSON.',
  },
};

/**
 * Database refusals that only client input can cause once it is past validation (a NUL byte in a
 * string, a number past the column's range, a duplicate key lost in a race): 4xx, not 500.
 */
const DATABASE_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string; reason: string }> =
  {
    '22021': {
      code: 'bad_request',
      message: 'The request contains a character that cannot be stored, such as a NUL byte.',
      reason: 'unsupported_character',
    },
    '22P05': {
      code: 'bad_request',
      message: 'The request contains a character that cannot be stored, such as a NUL byte.',
      reason: 'unsupported_character',
    },
    '22003': {
      code: 'bad_request',
      message: 'A number in the request is out of range.',
      reason: 'value_out_of_range',
    },
    '22001': {
      code: 'bad_request',
      message: 'A value in the request is too long.',
      reason: 'value_too_long',
    },
    '23505': {
      code: 'conflict',
      message: 'This conflicts with a record that already exists. Reload and try again.',
      reason: 'already_exists',
    },
  };

/** Charsets whose bytes are UTF-8, the only encoding the API decodes (RFC 8259 §8.1). */
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

const charsetOf = (contentType: string | undefined): string | undefined =>
  /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();

/**
 * One error body for every failure (STYLE.md §5): validation → 400 with field issues; AppError →
 * its code; Fastify client errors → their status; anything else → 500 `internal` with a generic
 * message, the cause logged with the request id.
 */
export const registerErrorHandler = (app: FastifyInstance) => {
  // The API reads JSON only; without this, Fastify's built-in text/plain parser hands a string to
  // validation (400) where every other non-JSON type gets 415.
  app.removeContentTypeParser('text/plain');
  // A body declared in another charset (`application/json; charset=utf-16`) would be decoded as
  // UTF-8 into something the client did not send: refuse it before reading it (issue 9 §9).
  app.addHook('preParsing', async (request) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset === undefined || UTF8_CHARSETS.has(charset)) return;
    throw new AppError('unsupported_media_type', 'Send the request body as UTF-8 JSON.', {
      reason: 'unsupported_charset',
    });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = toFieldIssues(error);
      const first = details[0];
      const message = first ? `${first.field}: ${first.message}` : 'The request is invalid.';
      return reply
        .status(400)
        .send(body('bad_request', message, requestId, { reason: 'validation_failed', details }));
    }
    if (isAppError(error)) {
      if (error.headers) void reply.headers(error.headers);
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(
        body(error.code, error.message, requestId, {
          ...(error.reason ? { reason: error.reason } : {}),
          ...(error.details ? { details: error.details } : {}),
        }),
      );
    }
    const state = sqlState(error);
    const databaseError = state ? DATABASE_CLIENT_ERRORS[state] : undefined;
    if (databaseError) {
      request.log.warn({ err: error }, 'database refused the request input');
      const { code, message, reason } = databaseError;
      return reply.status(ERROR_STATUS[code]).send(body(code, message, requestId, { reason }));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply
        .status(ERROR_STATUS[known.code])
        .send(body(known.code, known.message, requestId));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode = error.statusCode === 404 ? 'not_found' : 'bad_request';
      return reply
        .status(ERROR_STATUS[code])
        .send(body(code, error.message || 'The request is invalid.', requestId));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body('internal', 'Something went wrong on our side. Please try again.', requestId));
  });
};
