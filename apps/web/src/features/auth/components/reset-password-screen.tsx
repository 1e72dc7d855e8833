import { LIMITS, TIMING } from '@aesa/shared/constants';
import { MSG } from '@aesa/shared/messages';
import { PASSWORD_RULE_MSG } from '@aesa/shared/password-rules';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormError, PasswordField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { confirmPasswordReset } from '../api/auth-api.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { AuthLayout, authLinkClass } from './auth-layout.tsx';

const WORDING = {
  reset: { title: 'Reset Password', subtitle: (min: number) => `Choose a new password of at least ${min} characters.`, action: 'Reset Password', busy: 'Resetting Password...' },
  set: { title: 'Set Your Password', subtitle: (min: number) => `Choose a password of at least ${min} characters for your new account.`, action: 'Set Password', busy: 'Setting Password...' },
} as const;

export const ResetPasswordScreen = () => <PasswordLinkScreen wording={WORDING.reset} />;
/** The page of the first-password link a new member receives after signing up. */
export const SetPasswordScreen = () => <PasswordLinkScreen wording={WORDING.set} />;

function PasswordLinkScreen({ wording }: { wording: (typeof WORDING)[keyof typeof WORDING] }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const form = useZodForm(() => import('@aesa/shared/schemas/auth').then((m) => m.resetPasswordFormSchema), {
    defaultValues: { new_password: '', confirm_password: '' },
  });
  // The form's one message goes when either field is edited.
  const field = (name: 'new_password' | 'confirm_password') => {
    const { error: _fieldError, ...registration } = form.field(name);
    const onChange = (event: ChangeEvent<HTMLInputElement>) => {
      form.clearErrors('root');
      return registration.onChange(event);
    };
    return { ...registration, onChange };
  };
  const [redirecting, setRedirecting] = useState(false);

  // Without a token there is nothing to do here: say so, then go to the request form.
  useEffect(() => {
    if (token) return;
    const timer = setTimeout(() => navigate(paths.auth.forgotPassword.href(), { replace: true }), TIMING.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [token, navigate]);

  // A token the server refuses cannot become valid: after the message, go and ask for a new one.
  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate(paths.auth.forgotPassword.href(), { replace: true }), TIMING.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);

  const mutation = useMutation({
    mutationFn: (newPassword: string) => confirmPasswordReset(token, newPassword),
    onSuccess: (res) => {
      flash.success(res.message || MSG.resetConfirmSuccess);
      navigate(paths.auth.login.href(), { replace: true });
    },
    onError: (error) => {
      const message = failureMessage(error, MSG.resetConfirmFailed, MSG.resetConfirmFailed);
      form.setFormError(message);
      flash.error(message);
      // A link the server refuses cannot become valid: after the message, go and ask for a new one.
      if (isApiError(error) && (error.code === 'AUTH_RESET_LINK_INVALID' || error.code === 'AUTH_RESET_TOKEN_INVALID')) setRedirecting(true);
    },
  });

  if (!token) {
    return (
      <AuthLayout title={wording.title}>
        <FormError>{MSG.resetTokenMissing}</FormError>
        <p className="mt-4 text-sm text-slate-700">
          Taking you to{' '}
          <Link to={paths.auth.forgotPassword.href()} className={authLinkClass}>
            the reset request page
          </Link>
          ...
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={wording.title}
      subtitle={wording.subtitle(LIMITS.passwordMin)}
    >
      <Form form={form} onSubmit={(input) => mutation.mutate(input.new_password)} className="space-y-4">
        <PasswordField label="New Password" autoComplete="new-password" hint={PASSWORD_RULE_MSG.hint} {...field('new_password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirm_password')} />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || redirecting}>
          {mutation.isPending ? wording.busy : wording.action}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.login.href()} className={authLinkClass}>
          Back to Login
        </Link>
      </p>
    </AuthLayout>
  );
}
