import { EMAIL_CHANGE_MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { paths } from '@/config/paths.ts';
import { refreshUser, useAuth } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { confirmEmailChange } from '../api/auth-api.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { AuthLayout, authLinkClass } from './auth-layout.tsx';

// The page of the link sent to a new e-mail address. It asks for a click instead of confirming on
// load, so that a mail scanner that opens links does not make the change on its own.
export function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { status } = useAuth();

  const mutation = useMutation({
    mutationFn: () => confirmEmailChange(token),
    onSuccess: async (res) => {
      flash.success(res.message);
      // The account's other sessions have ended; this browser's, if it is the account's, shows the new address.
      await refreshUser();
    },
    onError: (error) => flash.error(failureMessage(error, EMAIL_CHANGE_MSG.confirmFailed, EMAIL_CHANGE_MSG.confirmFailed)),
  });

  const error = mutation.isError
    ? failureMessage(mutation.error, EMAIL_CHANGE_MSG.confirmFailed, EMAIL_CHANGE_MSG.confirmFailed)
    : !token
      ? EMAIL_CHANGE_MSG.tokenMissing
      : null;
  const done = mutation.data ?? null;

  return (
    <AuthLayout title="Confirm Email Address" subtitle={done ? undefined : 'Confirm that this address should become the email address of your account.'}>
      <FormError>{error}</FormError>
      {done ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
            {done.message}
          </p>
          <p className="text-sm text-slate-700">
            {status === 'authenticated' ? (
              <Link to={paths.profile.href()} className={authLinkClass}>
                Go to your profile
              </Link>
            ) : (
              <Link to={paths.auth.login.href()} className={authLinkClass}>
                Log in
              </Link>
            )}
          </p>
        </div>
      ) : token ? (
        <Button type="button" size="lg" className="mt-2 w-full" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending ? 'Confirming...' : 'Confirm New Email Address'}
        </Button>
      ) : null}
    </AuthLayout>
  );
}
