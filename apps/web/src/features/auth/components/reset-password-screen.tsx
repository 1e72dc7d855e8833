import { LIMITS, TIMING } from '@aesa/shared/constants';
import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormError, PasswordField } from '@/components/ui/field.tsx';
import { paths } from '@/config/paths.ts';
import { flash } from '@/lib/flash.ts';
import { confirmPasswordReset } from '../api/auth-api.ts';
import { failureMessage, unsuccessfulMessage } from '../lib/failure-message.ts';
import { resetPasswordProblem } from '../lib/reset-password-problem.ts';
import { AuthLayout, authLinkClass } from './auth-layout.tsx';

// Also the page of the first-password link that a new member receives after signing up.
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
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
    mutationFn: () => confirmPasswordReset(token, newPassword),
    onSuccess: (res) => {
      if (!res.success) return fail(unsuccessfulMessage(res, MSG.resetConfirmFailed));
      flash.success(res.message || MSG.resetConfirmSuccess);
      navigate(paths.auth.login.href(), { replace: true });
    },
    onError: (error) => fail(failureMessage(error, MSG.resetConfirmFailed, MSG.resetConfirmFailed)),
  });

  function fail(message: string) {
    setFormError(message);
    flash.error(message);
    if (/token/i.test(message)) setRedirecting(true);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return setFormError(MSG.resetTokenInvalid);
    const problem = resetPasswordProblem(newPassword, confirmPassword);
    setFormError(problem);
    if (!problem) mutation.mutate();
  }

  if (!token) {
    return (
      <AuthLayout title="Reset Password">
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
      title="Reset Password"
      subtitle={`Choose a password of at least ${LIMITS.passwordMin} characters. New members: this sets your first password.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError>{formError}</FormError>
        <PasswordField
          label="New Password"
          name="new_password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => {
            setNewPassword(e.target.value);
            setFormError(null);
          }}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm_password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => {
            setConfirmPassword(e.target.value);
            setFormError(null);
          }}
        />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || redirecting}>
          {mutation.isPending ? 'Resetting Password...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.auth.login.href()} className={authLinkClass}>
          Back to Login
        </Link>
      </p>
    </AuthLayout>
  );
}
