import { ERRORS, errorMessage, isErrorCode, type ErrorArgs, type ErrorCode } from '../error-codes.ts';

// A schema rule that is also a refusal of its own (end before start, a session year) names its
// code where the rule is written: the issue it raises carries `params.code`, which the server
// answers with and the screens choose their text by. A rule without one is VALIDATION_FAILED.

type IssueLike = { params?: Record<string, unknown> };

/**
 * zod error parameters for a rule with a refusal code: the code's message, and the code on the
 * issue. Works for built-in checks (`.min(1, coded(…))`) as for `refine`: zod calls the error
 * function with the issue before it copies the issue out, so the code travels with it.
 */
export function coded<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) {
  const message = errorMessage(code, ...args);
  return {
    error: (issue: unknown) => {
      const raw = issue as IssueLike;
      raw.params = { ...raw.params, code, ...(args.length ? { args } : {}) };
      return message;
    },
  };
}

/** The same, for an issue added by hand in `superRefine`: `ctx.addIssue({ code: 'custom', path, ...codedIssue(…) })`. */
export function codedIssue<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) {
  return { message: errorMessage(code, ...args), params: { code, ...(args.length ? { args } : {}) } };
}

/** A zod issue as the server and the screens read it. */
type Issue = { message: string; path: readonly PropertyKey[]; params?: Record<string, unknown> };

/** What a refused request says about its first problem: its code, message, arguments and the input it is about. */
export interface IssueRefusal {
  code: ErrorCode;
  message: string;
  params: unknown[];
  field: string | undefined;
}

/** The refusal of a zod issue: the code its rule named, else `fallback` (VALIDATION_FAILED), with the input's path. */
export function refusalOfIssue(issue: Issue | undefined, fallback: ErrorCode = 'VALIDATION_FAILED'): IssueRefusal {
  if (!issue) return { code: fallback, message: ERRORS[fallback].message as string, params: [], field: undefined };
  const code = issue.params?.code;
  const args = issue.params?.args;
  const field = issue.path.length ? issue.path.map(String).join('.') : undefined;
  return { code: isErrorCode(code) ? code : fallback, message: issue.message, params: Array.isArray(args) ? args : [], field };
}
