import { KIND_NAMES, NOTIFICATION_MSG } from '@aesa/shared/notifications';
import type { UnsubscribeLinkResponse } from '@aesa/shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { useSiteConfig } from '@/lib/site-config.ts';
import { undoUnsubscribe, unsubscribeByLink, unsubscribeLinkQuery } from '../api/notifications-api.ts';

const MISSING = 'This page needs the link from an e-mail. Open the unsubscribe link in the e-mail again.';

/**
 * The page of an e-mail's unsubscribe link. Opening it changes nothing (a mail scanner opens
 * links too): it says what the link is for and whether that mail is on, and a button turns it
 * off, with the same request a mail client's one click sends. Once off, it says so and offers
 * the undo.
 */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const { association_name } = useSiteConfig();
  const link = useQuery({ ...unsubscribeLinkQuery(token), enabled: !!token });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? undoUnsubscribe(token) : unsubscribeByLink(token)),
    onSuccess: (res) => queryClient.setQueryData<UnsubscribeLinkResponse>(unsubscribeLinkQuery(token).queryKey, res),
  });

  const error = !token ? MISSING : link.isError ? link.error.message : change.isError ? change.error.message : null;
  const state = change.data ?? link.data;
  const names = state ? KIND_NAMES[state.kind] : null;
  const undoHint = state?.kind === 'newsletter' ? NOTIFICATION_MSG.newsletterUndoHint : NOTIFICATION_MSG.undoHint;

  return (
    <AuthLayout title="Unsubscribe">
      <FormError>{error}</FormError>
      {link.isLoading ? <Spinner label="Reading the link" /> : null}
      {state && names ? (
        <div className="space-y-4">
          {state.on ? (
            <>
              {change.data ? (
                <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
                  {NOTIFICATION_MSG.turnedOn(names.noun)}
                </p>
              ) : null}
              <p className="text-sm text-slate-700">
                Stop getting <strong>{names.noun}</strong> from {association_name}?
              </p>
              <Button type="button" size="lg" className="w-full" disabled={change.isPending} onClick={() => change.mutate(false)}>
                {change.isPending ? 'Unsubscribing...' : `Unsubscribe from ${names.noun}`}
              </Button>
            </>
          ) : (
            <>
              <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
                {NOTIFICATION_MSG.turnedOff(names.noun)}
              </p>
              <p className="text-sm text-slate-700">{undoHint}</p>
              <Button type="button" variant="outline" size="lg" className="w-full" disabled={change.isPending} onClick={() => change.mutate(true)}>
                {change.isPending ? 'Turning it back on...' : 'Undo'}
              </Button>
            </>
          )}
        </div>
      ) : null}
    </AuthLayout>
  );
}
