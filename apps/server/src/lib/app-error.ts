import { ERRORS, errorMessage, type ErrorArgs, type ErrorCode } from '@aesa/shared/error-codes';

/**
 * The one error type services throw; the error plugin answers it as `{success:false, error, code}`.
 * It is made from a code of the shared table, which gives its status and message, so a reason
 * has one status and one text wherever it is raised.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** For a 503: when to try again, sent as Retry-After (5 s when not set). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.statusCode = ERRORS[code].status;
  }
}

/** The refusal with this code, its message made from `args` when the table's message takes any. */
export function fail<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): AppError {
  return new AppError(code, errorMessage(code, ...args));
}

/** A request whose input breaks a rule: 400 with the rule's own message. */
export const invalidInput = (message: string) => new AppError('VALIDATION_FAILED', message);
