import { isApiError } from '@/lib/api-client.ts';

/**
 * The text the auth screens show for a failed call: the server's error,
 * message or details; else the screen's fallback; a connection problem keeps the client's own
 * text (timeout, network); anything that is not an API failure is "unexpected".
 */
export function failureMessage(error: unknown, fallback: string, unexpected: string): string {
  if (!isApiError(error)) return unexpected;
  if (error.kind !== 'http') return error.message;
  const body = (error.body ?? {}) as { error?: unknown; message?: unknown; details?: unknown };
  for (const text of [body.error, body.message, body.details]) {
    if (typeof text === 'string' && text.trim()) return text;
  }
  return fallback;
}
