import { isErrorCode, messageFor, type ErrorCode } from '@aesa/shared/error-codes';

/**
 * The text of a refused call, chosen here by the answer's code (the shared table's message with
 * the answer's arguments), never the server's own words; an answer without a code we know (a
 * proxy's error page) gives `HTTP {status}: {statusText}`. The table holds every refusal's text,
 * so it is loaded with the first refusal, not with every page (api-client.ts).
 */
export function refusalText(body: unknown, status: number, statusText: string): string {
  const code = knownCode(body);
  const { params } = (body ?? {}) as { params?: unknown };
  const text = code ? messageFor(code, Array.isArray(params) ? params : []) : null;
  return text ?? `HTTP ${status}: ${statusText}`.trimEnd();
}

/** The answer's code when it is one of the table's, else null. */
export function knownCode(body: unknown): ErrorCode | null {
  const { code } = (body ?? {}) as { code?: unknown };
  return isErrorCode(code) ? code : null;
}
