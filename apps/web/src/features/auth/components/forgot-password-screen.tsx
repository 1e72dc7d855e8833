import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { paths } from '@/config/paths.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { AuthLayout, authLinkClass } from './auth-layout.tsx';
import { DevMailNotice } from './dev-mail-notice.tsx';

function BackLinks() {
  return (
    <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
      <Link to={paths.auth.login.href()} className={authLinkClass}>
        Back to Login
      </Link>
      <Link to={paths.auth.register.href()} className={authLinkClass}>
        Create an account
      </Link>
    </p>
  );
}

export function ForgotPasswordScreen() {
  const form = useZodForm(() => import('@aesa/shared/schemas/auth').then((m) => m.forgotPasswordSchema), {
    defaultValues: { email: '' },
  });
  const [sent, setSent] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (res) => {
      setSent(res.message || MSG.resetRequestSent);
    },
    onError: (err) => form.setFormError(failureMessage(err, MSG.resetRequestFailed, MSG.resetRequestUnexpected)),
  });

  if (sent) {
    return (
      <AuthLayout title="Check your email">
        <div role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900 ring-1 ring-green-200">
          {sent}
        </div>
        <p className="mt-4 text-sm text-slate-700">
          The link is valid for a limited time. If nothing arrives, check your spam folder or request a new link.
        </p>
        <DevMailNotice />
        <BackLinks />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password" subtitle="Enter your e-mail address and we will send you a link to reset your password.">
      <Form form={form} onSubmit={(input) => mutation.mutate(input.email)} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.field('email')} />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Form>
      <BackLinks />
    </AuthLayout>
  );
}
