import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MSG } from '@aesa/shared/messages';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

// PostgreSQL and socket errors that mean "the database is away", not "your request is wrong".
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.code && DB_UNAVAILABLE.has(e.code)) return true;
  if (typeof e?.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)) return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}

/** Maps every failure to the one shape `{success:false, error}` with the right status. */
export function toHttpError(err: FastifyError | AppError | Error): { status: number; message: string; code?: string } {
  if (err instanceof AppError) return { status: err.statusCode, message: err.message, ...(err.code ? { code: err.code } : {}) };
  // A request that does not match its route's schema: the first issue's message is the member-facing one.
  // A path that cannot name a row (not a uuid) is answered like an unknown row: 404.
  if (hasZodFastifySchemaValidationErrors(err)) {
    const status = (err as { validationContext?: string }).validationContext === 'params' ? 404 : 400;
    return { status, message: err.validation[0]?.message ?? 'Invalid input' };
  }
  // An answer that does not match its own response schema is our bug, never the client's.
  if (isResponseSerializationError(err)) return { status: 500, message: SERVER_MSG.internal };
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: SERVER_MSG.malformedJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, message: SERVER_MSG.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: SERVER_MSG.unsupportedMediaType };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: SERVER_MSG.malformedJson };
  }
  if (fe.statusCode === 429) return { status: 429, message: SERVER_MSG.tooManyRequests };
  if (isDatabaseUnavailable(err)) return { status: 503, message: SERVER_MSG.databaseUnavailable };
  // Invalid input text in a uuid or number column and similar: the request was wrong, not us.
  const pgCode = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  // 22021/22P05: text with U+0000, which PostgreSQL text and jsonb cannot store.
  if (pgCode === '22P02' || pgCode === '22007' || pgCode === '22008' || pgCode === '22003' || pgCode === '22021' || pgCode === '22P05') return { status: 400, message: 'Invalid input' };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return { status: fe.statusCode, message: fe.message };
  return { status: 500, message: SERVER_MSG.internal };
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const { status, message, code } = toHttpError(err as Error);
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, code: (err as FastifyError).code }, message);
    if (status === 503) reply.header('Retry-After', '5');
    return reply.status(status).send({ success: false, error: message, ...(code ? { code } : {}) });
  });
});
