import { useEffect } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';

/** The password and a current code, asked before turning two-factor authentication off or making new recovery codes. */
export function ReauthForm({
  title,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  pending: boolean;
  error: string | null;
  onSubmit: (input: { password: string; code: string }) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(() => import('@aesa/shared/schemas/mfa').then((m) => m.mfaReauthSchema), {
    defaultValues: { password: '', code: '' },
  });
  // The caller's call failed: its message is the form's.
  const { setFormError } = form;
  useEffect(() => setFormError(error), [error, setFormError]);

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      aria-label={title}
      heading={<h3 className="text-base font-semibold text-slate-900">{title}</h3>}
    >
      <PasswordField label="Current Password" autoComplete="current-password" {...form.field('password')} />
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        hint="The 6-digit code from your authenticator app, or a recovery code."
        {...form.field('code')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
