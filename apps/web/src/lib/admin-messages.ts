import { useAppDialogs } from '@/components/ui/app-dialogs.tsx';
import { isApiError } from './api-client.ts';
import { editConflictOf, type EditConflict } from './edit-conflict.ts';
import { formatDateTime } from './format-date.ts';

// The admin screens' failure texts and questions. Save failures and confirmations are in-app
// dialogs (components/ui/app-dialogs.tsx), announced by screen readers like the browser's own.

/** The error's message, or 'Unknown error' when there is none. */
export function errorMessage(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message || 'Unknown error';
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

/** 'Failed to load {things}: {message or Unknown error}' */
export const loadFailed = (things: string, error: unknown) => `Failed to load ${things}: ${errorMessage(error)}`;

/** A stale action's words: who saved the record since it was shown, and what to do. */
export function conflictText(conflict: EditConflict<unknown>): string {
  const by = conflict.lastChange ? `${conflict.lastChange.by?.name ?? 'Someone else'} changed it on ${formatDateTime(conflict.lastChange.at)}` : 'Someone else changed it';
  return `${by}, after this page showed it. The list now shows their change: check it, then try again if it is still needed.`;
}

/** Whether a failure already told the member itself (a 401 ends the session with its own message). */
export const isSessionEnd = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * The admin screens' confirm and failure notice, as in-app dialogs: `confirmAction(text)` resolves
 * true on OK; `notify(text)` shows a notice; `alertFailure(error, text)` shows the spec's failure text with the server's message
 * (both resolve once the notice is closed),
 * except after a 401 (the session end says it).
 */
export function useAdminDialogs() {
  const { confirm, notify } = useAppDialogs();
  return {
    confirmAction: confirm,
    notify,
    alertFailure: (error: unknown, text: (message: string) => string) => {
      if (isSessionEnd(error)) return Promise.resolve();
      // A stale toggle or delete (no form to compare in): who changed it, and that the list shows it now (decision 054).
      const conflict = editConflictOf(error);
      if (conflict) return notify(text(conflictText(conflict)));
      return notify(text(errorMessage(error)));
    },
  };
}
