import type { MfaStatus } from '@aesa/shared/mfa';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { flash } from '@/lib/flash.ts';
import { disableMfa, regenerateRecoveryCodes } from '../api/mfa-api.ts';
import { ReauthForm } from './reauth-form.tsx';

const failure = (error: unknown) => (isApiError(error) && error.status !== 401 ? error.message : 'Something went wrong. Please try again.');

/** Two-factor authentication is on: new recovery codes, or turn it off (each needs the password and a code). */
export function TwoFactorManage({ status, onChanged, onCodes }: { status: MfaStatus; onChanged: () => void; onCodes: (codes: string[]) => void }) {
  const [action, setAction] = useState<'none' | 'codes' | 'off'>('none');
  const [error, setError] = useState<string | null>(null);

  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (res) => {
      setAction('none');
      onCodes(res.recovery_codes);
    },
    onError: (e) => setError(failure(e)),
  });
  const turnOff = useMutation({
    mutationFn: disableMfa,
    onSuccess: (res) => {
      flash.success(res.message);
      onChanged();
    },
    onError: (e) => setError(failure(e)),
  });

  const choose = (next: typeof action) => {
    setError(null);
    setAction(next);
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-xl bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200">
        <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
          <path d="M9 12l2 2 4-4" />
        </svg>
        <div>
          <p className="font-semibold">Two-factor authentication is on.</p>
          <p>
            Signing in asks for a code from your authenticator app. {status.recovery_codes_remaining} of 10 recovery codes left.
          </p>
        </div>
      </div>
      {action === 'codes' ? (
        <ReauthForm
          title="Make new recovery codes"
          submitLabel="Make new codes"
          pendingLabel="Making codes..."
          pending={regenerate.isPending}
          error={error}
          onSubmit={(input) => regenerate.mutate(input)}
          onCancel={() => choose('none')}
        />
      ) : action === 'off' ? (
        <ReauthForm
          title="Turn off two-factor authentication"
          submitLabel="Turn off"
          pendingLabel="Turning off..."
          variant="danger"
          pending={turnOff.isPending}
          error={error}
          onSubmit={(input) => turnOff.mutate(input)}
          onCancel={() => choose('none')}
        />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => choose('codes')}>
            New recovery codes
          </Button>
          <Button type="button" variant="danger" onClick={() => choose('off')}>
            Turn off
          </Button>
        </div>
      )}
    </div>
  );
}
