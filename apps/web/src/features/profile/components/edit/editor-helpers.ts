import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { profileKeys } from '../../api/get-profile.ts';
import { NARROW_QUERY } from '../../lib/skills.ts';

/** The message to show for a failed call: the text of its code (or the API client's own). */
export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Request failed for unknown reason.';

/** A 401 has already ended the session (flash and redirect): nothing more to say. */
export const endedSession = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * Says why a save failed: under the field it is about (an end date before the start), else
 * inside the dialog and as a toast: while the dialog is open, the page's toasts are hidden from
 * screen readers. An ended session has said its own word.
 */
export function reportSaveFailure(
  form: { setFormError: (message: string) => void; showRefusal: (error: unknown) => boolean },
  error: unknown,
  message: (detail: string) => string,
) {
  if (endedSession(error) || form.showRefusal(error)) return;
  const text = message(errorText(error));
  form.setFormError(text);
  flash.error(text);
}

/** Re-reads every cached profile after a change. Failures of that refresh are only logged. */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.invalidateQueries({ queryKey: profileKeys.all }).catch((error: unknown) => {
        console.warn('Profile refresh failed', error);
      }),
    [queryClient],
  );
}

const subscribeNarrow = (listener: () => void) => {
  const media = globalThis.matchMedia?.(NARROW_QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
};
const readNarrow = () => globalThis.matchMedia?.(NARROW_QUERY).matches ?? false;

/** True on screens under 768 px wide, following resizes. */
export const useIsNarrow = () => useSyncExternalStore(subscribeNarrow, readNarrow, () => false);
