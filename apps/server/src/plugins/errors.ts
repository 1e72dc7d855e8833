import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS, errorMessage, type ErrorCode } from '@aesa/shared/error-codes';
import { refusalOfIssue } from '@aesa/shared/schemas/coded';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { EditConflict } from '../lib/edit-version.ts';

// PostgreSQL and socket errors that mean "the database is away", not "your request is wrong".
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.code && DB_UNAVAILABLE.has(e.code)) return true;
  if (typeof e?.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)) return true;
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}

/** A refusal as the error plugin sends it. */
export interface HttpError {
  status: number;
  message: string;
  code: ErrorCode;
  params?: unknown[];
  field?: string;
}

/** Maps every failure to the one shape `{success:false, error, code, params?, field?}` with the right status. */
export function toHttpError(err: FastifyError | AppError | Error): HttpError {
  if (err instanceof AppError) return { status: err.statusCode, message: err.message, code: err.code, params: err.params, field: err.field };
  const known = (code: ErrorCode, message: string = errorMessage(code as never)) => ({ status: ERRORS[code].status, message, code });
  // A request that does not match its route's schema: the first issue's rule gives the code (its
  // own, such as end before start, or VALIDATION_FAILED) and the message; its path names the input.
  // A path that cannot name a row (not a uuid) is answered like an unknown row: 404.
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issue = err.validation[0];
    const inPath = (err as { validationContext?: string }).validationContext === 'params';
    const refusal = refusalOfIssue(issue && { message: issue.message ?? ERRORS.VALIDATION_FAILED.message, path: issue.instancePath.split('/').filter(Boolean), params: (issue.params as { params?: Record<string, unknown> }).params }, inPath ? 'NOT_FOUND' : 'VALIDATION_FAILED');
    const status = inPath ? 404 : ERRORS[refusal.code].status;
    return { status, message: refusal.message, code: refusal.code, params: refusal.params, ...(inPath || !refusal.field ? {} : { field: refusal.field }) };
  }
  // An answer that does not match its own response schema is our bug, never the client's.
  if (isResponseSerializationError(err)) return known('INTERNAL');
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return known('MALFORMED_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return known('BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return known('UNSUPPORTED_MEDIA_TYPE');
  }
  if (fe.statusCode === 429) return known('RATE_LIMITED');
  if (isDatabaseUnavailable(err)) return known('DATABASE_UNAVAILABLE');
  // Invalid input text in a uuid or number column and similar: the request was wrong, not us.
  const pgCode = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  // 22021/22P05: text with U+0000, which PostgreSQL text and jsonb cannot store.
  if (pgCode === '22P02' || pgCode === '22007' || pgCode === '22008' || pgCode === '22003' || pgCode === '22021' || pgCode === '22P05') return known('VALIDATION_FAILED');
  // Any other refusal by the framework or a plugin: its status and message, under the code of that status.
  const byStatus: Record<number, ErrorCode> = { 400: 'VALIDATION_FAILED', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };
  if (fe.statusCode && byStatus[fe.statusCode]) return { ...known(byStatus[fe.statusCode]!), message: fe.message };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return { status: fe.statusCode, message: fe.message, code: 'REQUEST_REFUSED' };
  return known('INTERNAL');
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const { status, message, code, params, field } = toHttpError(err as Error);
    // A refusal that says when to try again (a full sign-in queue) is the server working as meant,
    // counted and logged by its own plugin (plugins/password-pool-log.ts), not a failure.
    // While this process stops (plugins/stopping.ts), a stop signal sent to the whole process
    // group has reached the embedded PostgreSQL as well, which then refuses new connections: a
    // request that needed one is answered 503 (not acknowledged, like a request that reached a
    // closing process) and is part of the stop, not a failure to alert anyone about.
    const deliberate = (err instanceof AppError && err.retryAfterSeconds !== undefined) || (app.stopping && code === 'DATABASE_UNAVAILABLE');
    if (status >= 500 && !deliberate) request.log.error({ err }, 'request failed');
    else request.log.info({ status, code: (err as FastifyError).code }, message);
    if (status === 503) reply.header('Retry-After', String((err instanceof AppError && err.retryAfterSeconds) || 5));
    if (err instanceof AppError && err.headers) reply.headers(err.headers);
    // A stale save: the record as it is now and who saved it last, so the form can compare (decision 054).
    if (err instanceof EditConflict) return reply.status(status).send({ success: false, error: message, code, current: err.current, last_change: err.lastChange });
    return reply.status(status).send({ success: false, error: message, code, ...(params?.length ? { params } : {}), ...(field ? { field } : {}) });
  });
}, { dependencies: ['stopping'] }); // its handler reads app.stopping
