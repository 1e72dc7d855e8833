import { isApiError } from './api-client.ts';

// The admin screens' failure texts (spec 02 §8). Save failures are the spec's alerts: the
// browser's own alert and confirm dialogs, which every screen reader announces.

/** The error's message, or 'Unknown error' when there is none. */
export function errorMessage(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message || 'Unknown error';
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

/** 'Failed to load {things}: {message or Unknown error}' */
export const loadFailed = (things: string, error: unknown) => `Failed to load ${things}: ${errorMessage(error)}`;

/** Whether a failure already told the member itself (a 401 ends the session with its own message). */
export const isSessionEnd = (error: unknown) => isApiError(error) && error.status === 401;

/** The spec's alert for a failed save; nothing when the session has just ended. */
export function alertFailure(error: unknown, text: (message: string) => string): void {
  if (isSessionEnd(error)) return;
  globalThis.alert?.(text(errorMessage(error)));
}

/** A confirm prompt (spec 02 §5 "Confirm prompts"); true when the member agrees. */
export function confirmAction(text: string): boolean {
  return globalThis.confirm?.(text) ?? false;
}
