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
