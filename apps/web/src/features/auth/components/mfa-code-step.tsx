import { MFA_MSG, mfaLoginSchema } from '@aesa/shared/mfa';
import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormError, TextField } from '@/components/ui/field.tsx';
import { useFormFields } from '@/hooks/use-form-fields.ts';
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
  const form = useFormFields({ code: '' });
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
      if (message === MFA_MSG.challengeExpired) return onRestart(message);
      form.setFormError(message);
      flash.error(message);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = form.validate(mfaLoginSchema.pick({ code: true }));
    if (parsed) mutation.mutate({ mfa_token: mfaToken, code: parsed.code });
  }

  return (
    <AuthLayout title="Login" subtitle="Your account is protected with two-factor authentication.">
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="mfa-step-title">
        <h2 id="mfa-step-title" className="text-lg font-semibold text-navy-900">
          Two-factor authentication
        </h2>
        <FormError>{form.formError}</FormError>
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
              form.setValues({ code: '' });
              form.setFormError(null);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => onRestart()}>
            Back to login
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
