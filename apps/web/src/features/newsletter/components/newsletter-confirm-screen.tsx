import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { confirmNewsletter } from '../api/subscribe.ts';

const MISSING = 'This page needs the link from the confirmation e-mail. Open that link again.';

// The page of the newsletter's confirmation link. It asks for a click instead of confirming on
// load, so that a mail scanner that opens links does not subscribe the address on its own.
export function NewsletterConfirmScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useMutation({ mutationFn: () => confirmNewsletter(token) });
  const error = !token ? MISSING : confirm.isError ? confirm.error.message : null;

  return (
    <AuthLayout title="Confirm Subscription" subtitle={confirm.data ? undefined : 'Confirm that this address should get the newsletter.'}>
      <FormError>{error}</FormError>
      {confirm.data ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
          {confirm.data.message}
        </p>
      ) : token ? (
        <Button type="button" size="lg" className="mt-2 w-full" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirm.isPending ? 'Confirming...' : 'Confirm Subscription'}
        </Button>
      ) : null}
    </AuthLayout>
  );
}
