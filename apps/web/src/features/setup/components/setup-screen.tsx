import { SETUP_MSG } from '@aesa/shared/setup';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useSetupStatus } from '../api/setup-api.ts';
import { FirstAdminForm } from './first-admin-form.tsx';
import { SetupLayout, setupLinkClass } from './setup-layout.tsx';

// Opened from the one-time link the server prints on its console while the site has no
// administrator. The server checks the link; this screen only says what it answered.
export function SetupScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const status = useSetupStatus(token);
  const [created, setCreated] = useState<string | null>(null);

  if (created) {
    return (
      <SetupLayout title={SETUP_MSG.title}>
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
          {created}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          Log in with the matric number and password you chose. From the admin area you can create admin roles and appoint other administrators.
        </p>
        <Link to={paths.auth.login.href()} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
          Go to Login
        </Link>
      </SetupLayout>
    );
  }

  const problem = !token
    ? SETUP_MSG.tokenMissing
    : status.isError
      ? isApiError(status.error) ? status.error.message : SETUP_MSG.failed
      : status.data && !status.data.valid
        ? SETUP_MSG.tokenInvalid
        : null;

  return (
    <SetupLayout
      title={SETUP_MSG.title}
      subtitle={
        <p>
          This site has no administrator yet. The account you create here becomes its super admin: it can use every part of the admin
          area and appoint the other administrators. This link works once.
        </p>
      }
    >
      {problem ? (
        <>
          <FormError>{problem}</FormError>
          <p className="mt-4 text-sm text-slate-700">
            Already an administrator?{' '}
            <Link to={paths.auth.login.href()} className={setupLinkClass}>
              Login
            </Link>
          </p>
        </>
      ) : status.isPending ? (
        <LoadingMessage>Checking the setup link...</LoadingMessage>
      ) : (
        <FirstAdminForm token={token} onCreated={setCreated} />
      )}
    </SetupLayout>
  );
}
