import { isApiError } from '@/lib/api-client.ts';

/**
 * The text the auth screens show for a failed call: the text of the server's reason (chosen by
 * its code); else the screen's fallback; a connection problem keeps the client's own text
 * (timeout, network); anything that is not an API failure is "unexpected".
 */
export function failureMessage(error: unknown, fallback: string, unexpected: string): string {
  if (!isApiError(error)) return unexpected;
  if (error.kind !== 'http') return error.message;
  return error.code ? error.message : fallback;
}

/** The longest the login page waits on its own before trying again, whatever a server asks. */
export const MAX_BUSY_WAIT_SECONDS = 300;

/**
 * For a sign-in the server turned away because it is busy (503, code AUTH_SIGN_IN_BUSY): the
 * seconds it asked to wait (Retry-After, at least 1, at most MAX_BUSY_WAIT_SECONDS); null for
 * any other failure, which the member must act on themselves.
 */
export function busyWaitSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'AUTH_SIGN_IN_BUSY' || error.retryAfterSeconds === null) return null;
  return Math.min(MAX_BUSY_WAIT_SECONDS, Math.max(1, error.retryAfterSeconds));
}
