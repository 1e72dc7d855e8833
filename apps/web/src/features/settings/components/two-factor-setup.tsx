import { MFA_MSG, type MfaSetupResponse } from '@aesa/shared/mfa';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField, TextField } from '@/components/ui/field.tsx';
import { Form, useZodForm } from '@/components/ui/form.tsx';
import { FormActions } from '@/components/ui/form-actions.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { confirmMfaSetup, startMfaSetup } from '../api/mfa-api.ts';
import { QrCode } from '@/components/ui/qr-code.tsx';

const failure = (error: unknown, fallback: string) => (isApiError(error) && error.status !== 401 ? error.message : fallback);

/**
 * Start with the current password (a new secret, shown as a QR code and as text), then confirm
 * with a code; the recovery codes go to `onConfirmed`. The password is asked once and sent with
 * both steps (the server asks for it at each: a session alone cannot turn it on).
 */
export function TwoFactorSetup({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<(MfaSetupResponse & { password: string }) | null>(null);
  if (!setup) return <SetupStart onStarted={setSetup} />;
  return <SetupConfirm setup={setup} password={setup.password} onConfirmed={onConfirmed} onCancel={() => setSetup(null)} />;
}

function SetupStart({ onStarted }: { onStarted: (setup: MfaSetupResponse & { password: string }) => void }) {
  const form = useZodForm(() => import('@aesa/shared/schemas/mfa').then((m) => m.mfaSetupSchema), { defaultValues: { password: '' } });
  const start = useMutation({
    mutationFn: (password: string) => startMfaSetup(password).then((res) => ({ ...res, password })),
    onSuccess: onStarted,
    onError: (error) => {
      if (!form.showRefusal(error, { current_password: 'password' })) form.setFormError(failure(error, 'Could not start the setup. Please try again.'));
    },
  });

  return (
    <Form form={form} onSubmit={(input) => start.mutate(input.password)} className="space-y-4">
      <p className="text-sm text-slate-700">
        Protect your admin account with a second step at sign-in: a 6-digit code from an authenticator app on your phone
        (such as Google Authenticator, Microsoft Authenticator, 2FAS or 1Password), in addition to your password.
      </p>
      <PasswordField label="Current Password" autoComplete="current-password" hint="To make sure it is you." {...form.field('password')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Set up two-factor authentication'}
        </Button>
      </div>
    </Form>
  );
}

function SetupConfirm({ setup, password, onConfirmed, onCancel }: { setup: MfaSetupResponse; password: string; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const form = useZodForm(() => import('@aesa/shared/schemas/mfa').then((m) => m.mfaConfirmSchema), { defaultValues: { password, code: '' } });
  const confirm = useMutation({
    mutationFn: confirmMfaSetup,
    onSuccess: (res) => onConfirmed(res.recovery_codes),
    onError: (error) => {
      if (!form.showRefusal(error)) form.setFormError(failure(error, MFA_MSG.codeInvalid));
    },
  });

  return (
    <Form form={form} onSubmit={(input) => confirm.mutate(input)} className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-800">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <QrCode rows={setup.qr} label="QR code for your authenticator app" className="mt-2 size-44 rounded-lg border border-slate-200" />
          <p className="mt-2 text-slate-700">Can&apos;t scan it? Enter this key in the app instead:</p>
          <code data-testid="totp-secret" className="mt-1 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </li>
        <li>
          <TextField
            label="Enter the 6-digit code the app shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            {...form.field('code')}
          />
        </li>
      </ol>
      <FormActions label="Turn on" busy={confirm.isPending} busyLabel="Verifying..." onCancel={onCancel} />
    </Form>
  );
}
