import { ERRORS, errorMessage, type ErrorArgs, type ErrorCode } from '@aesa/shared/error-codes';
import type { IssueRefusal } from '@aesa/shared/schemas/coded';

/**
 * The one error type services throw; the error plugin answers it as
 * `{success:false, error, code, params?, field?}`. It is made from a code of the shared table,
 * which gives its status and message, so a reason has one status and one text wherever it is
 * raised; `params` are the message's arguments (a screen makes its own text from the code and
 * them), `field` the input the refusal is about.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** For a 503: when to try again, sent as Retry-After (5 s when not set). */
  retryAfterSeconds?: number;
  /** Headers the refusal's answer carries besides (a busy sign-in's come-back ticket). */
  headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params: unknown[] = [],
    readonly field: string | undefined = ERRORS[code].field,
  ) {
    super(message);
    this.statusCode = ERRORS[code].status;
  }
}

/** The refusal with this code, its message made from `args` when the table's message takes any. */
export function fail<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): AppError {
  return new AppError(code, errorMessage(code, ...args), args);
}

/** The refusal of a request whose input breaks a schema rule: the rule's code, message and input. */
export const refusedInput = (refusal: IssueRefusal) => new AppError(refusal.code, refusal.message, refusal.params, refusal.field ?? ERRORS[refusal.code].field);
