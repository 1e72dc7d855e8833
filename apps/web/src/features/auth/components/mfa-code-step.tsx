import { MFA_MSG } from '@aesa/shared/mfa';
import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { startSession } from '@/lib/auth.ts';
import { flash } from '@/lib/flash.ts';
import { completeMfaLogin } from '../api/mfa-login-api.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * The second step of signing in, for an account with two-factor authentication on: the 6-digit
 * code from the authenticator app, or one of the recovery codes. Loaded only when an account needs it. An expired challenge leads back
 * to the password step.
 */
export function MfaCodeStep({ mfaToken, onRestart }: { mfaToken: string; onRestart: (message?: string) => void }) {
  // The code field of the sign-in request; the challenge token is added on submit.
  const form = useZodForm(() => import('@aesa/shared/schemas/mfa').then((m) => m.mfaLoginSchema.pick({ code: true })), {
    defaultValues: { code: '' },
  });
  const [recovery, setRecovery] = useState(false);
  const input = useRef<HTMLDivElement>(null);

  useEffect(() => {
    input.current?.querySelector('input')?.focus();
  }, [recovery]);

  const mutation = useMutation({
    mutationFn: completeMfaLogin,
    onSuccess: (res) => startSession(res),
    onError: (error) => {
      const message = failureMessage(error, MFA_MSG.codeInvalid, MSG.loginUnexpected);
      if (isApiError(error) && error.code === 'MFA_CHALLENGE_EXPIRED') return onRestart(message);
      form.setFormError(message);
      flash.error(message);
    },
  });

  return (
    <AuthLayout title="Login" subtitle="Your account is protected with two-factor authentication.">
      <Form
        form={form}
        onSubmit={({ code }) => mutation.mutate({ mfa_token: mfaToken, code })}
        className="space-y-4"
        aria-labelledby="mfa-step-title"
        heading={
          <h2 id="mfa-step-title" className="text-lg font-semibold text-navy-900">
            Two-factor authentication
          </h2>
        }
      >
        <div ref={input}>
          {recovery ? (
            <TextField
              label="Recovery code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="xxxxxx-xxxxxx-xxxxxx-xxxxxx"
              hint="Each recovery code works once."
              {...form.field('code')}
            />
          ) : (
            <TextField
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              placeholder="6-digit code"
              hint="Open your authenticator app and enter the code it shows for this site."
              {...form.field('code')}
            />
          )}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setRecovery((r) => !r);
              form.reset({ code: '' });
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => onRestart()}>
            Back to login
          </Button>
        </div>
      </Form>
    </AuthLayout>
  );
}
