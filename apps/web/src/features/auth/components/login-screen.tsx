import { COME_BACK_TICKET_HEADER, type LoginInput } from '@aesa/shared/auth';
import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { paths } from '@/config/paths.ts';
import { startSession } from '@/lib/auth.ts';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { login } from '../api/auth-api.ts';
import { busyWaitSeconds, failureMessage } from '../lib/failure-message.ts';
import { useCountdown } from '../lib/use-countdown.ts';
import { AuthLayout, authLinkClass } from './auth-layout.tsx';
import { DevMailNotice } from './dev-mail-notice.tsx';
import { GoogleButton } from './google-button.tsx';

// The code step is for the few accounts with two-factor authentication: loaded when one needs it,
// so the login page every member opens stays small.
const MfaCodeStep = lazy(() => import('./mfa-code-step.tsx').then((m) => ({ default: m.MfaCodeStep })));

// After a successful login the guest-only guard sends the member on: to the page they came
// from, else to /dashboard, which leads to /profile.
export function LoginScreen() {
  const form = useZodForm(() => import('@aesa/shared/schemas/auth').then((m) => m.loginSchema), {
    defaultValues: { matric_number: '', password: '' },
  });
  // Set when the account has two-factor authentication on: the code step replaces the form.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  // A busy server (many members signing in at once) says how long to wait; the page waits that
  // long and tries again itself, so that a crowd comes back at the pace the server can take it.
  const retry = useCountdown();
  const { cancel } = retry;
  // With the wait comes the server's signed moment; every later try from this page sends it back,
  // so the member counts as due whichever server process the try reaches.
  const comeBackTicket = useRef<string | null>(null);

  const mutation = useMutation({
    mutationFn: (input: LoginInput) => login(input, comeBackTicket.current),
    onSuccess: (res) => {
      // An account with two-factor authentication on: the answer is a challenge, not a session.
      if ('mfa_token' in res) return setMfaToken(res.mfa_token);
      startSession(res);
    },
    onError: (error, input) => {
      fail(failureMessage(error, MSG.loginFailed, MSG.loginUnexpected));
      const wait = busyWaitSeconds(error);
      const ticket = isApiError(error) ? error.headers?.get(COME_BACK_TICKET_HEADER) : null;
      if (ticket) comeBackTicket.current = ticket;
      if (wait !== null) retry.start(wait, () => mutation.mutate(input));
    },
  });

  // Changing what was typed stops the waiting retry: the member sends the new input themselves.
  useEffect(() => {
    const watching = form.watch(() => cancel());
    return () => watching.unsubscribe();
  }, [form, cancel]);

  function fail(message: string) {
    form.setFormError(message);
    flash.error(message);
  }

  if (mfaToken) {
    return (
      <Suspense>
        <MfaCodeStep
          mfaToken={mfaToken}
          onRestart={(message) => {
            setMfaToken(null);
            form.setFormError(message ?? null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout title="Login" subtitle="Welcome back! Log in with your matric number.">
      <Form
        form={form}
        onSubmit={(input) => {
          cancel();
          mutation.mutate(input);
        }}
        className="space-y-4"
      >
        <TextField
          label="Matric Number"
          autoComplete="username"
          placeholder="Enter your matric number"
          {...form.field('matric_number')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Enter your password"
          {...form.field('password')}
        />
        <div className="flex justify-end">
          <Link to={paths.auth.forgotPassword.href()} className={authLinkClass}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || retry.left !== null}>
          {mutation.isPending ? 'Logging in...' : retry.left !== null ? MSG.loginRetryIn(retry.left) : 'Login'}
        </Button>
      </Form>
      <div className="my-5 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <GoogleButton />
      <p className="mt-6 text-center text-sm text-slate-700">
        Don&apos;t have an account?{' '}
        <Link to={paths.auth.register.href()} className={authLinkClass}>
          Join Us
        </Link>
      </p>
      <DevMailNotice />
    </AuthLayout>
  );
}
