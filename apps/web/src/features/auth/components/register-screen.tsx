import { MSG } from '@aesa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { paths } from '@/config/paths.ts';
import { flash } from '@/lib/flash.ts';
import { signup } from '../api/auth-api.ts';
import { failureMessage } from '../lib/failure-message.ts';
import { AuthLayout, authLinkClass } from './auth-layout.tsx';

export function RegisterScreen() {
  const navigate = useNavigate();
  const form = useZodForm(() => import('@aesa/shared/schemas/auth').then((m) => m.signupSchema), {
    defaultValues: { email: '', matric_number: '' },
  });

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: () => {
      flash.success(MSG.registrationSuccess);
      navigate(paths.auth.login.href());
    },
    onError: (error) => {
      const message = failureMessage(error, MSG.registrationFailed, MSG.registrationUnexpected);
      flash.error(message);
      // An e-mail address or matric number that is taken is said under its field.
      if (!form.showRefusal(error)) form.setFormError(message);
    },
  });

  return (
    <AuthLayout
      title="Join Us"
      subtitle="Create your account with your e-mail address and matric number. We will e-mail you a link to set your password."
    >
      <Form form={form} onSubmit={(input) => mutation.mutate(input)} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.field('email')} />
        <TextField
          label="Matric Number"
          autoComplete="username"
          placeholder="Enter your matric number"
          {...form.field('matric_number')}
        />
        <p className="text-sm text-slate-600">
          By creating an account you agree to our{' '}
          <Link to={paths.terms.href()} className={authLinkClass}>
            Terms of Use
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy.href()} className={authLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={paths.auth.login.href()} className={authLinkClass}>
          Login
        </Link>
      </p>
    </AuthLayout>
  );
}
