import { MFA_MSG } from '@aesa/shared/mfa';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useUser } from '@/lib/auth.ts';
import { mfaStatusQuery } from '../api/mfa-api.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { TwoFactorManage } from './two-factor-manage.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/** The Two-factor authentication tab of Settings (accounts with admin rights). */
export function TwoFactorTab() {
  const user = useUser();
  const queryClient = useQueryClient();
  const status = useQuery(mfaStatusQuery(user?.id ?? 'anonymous'));
  // New recovery codes stay on screen until the member says they are kept, whatever refetches meanwhile.
  const [codes, setCodes] = useState<string[] | null>(null);

  // The admin area reads whether the second factor is still missing (GET /admin/me): ask again.
  const refresh = () => {
    void status.refetch();
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };

  if (codes) {
    return (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          refresh();
        }}
      />
    );
  }
  if (status.isPending) return <Spinner label="Loading two-factor authentication" />;
  if (status.isError) {
    return (
      <div className="space-y-3 text-sm">
        <p className="text-red-700">Could not load your two-factor authentication settings.</p>
        <Button type="button" variant="outline" onClick={() => void status.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const data = status.data;
  return (
    <div className="space-y-4">
      {data.required && !data.enabled ? (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {MFA_MSG.setupRequired}
        </p>
      ) : null}
      {data.enabled ? <TwoFactorManage status={data} onChanged={refresh} onCodes={setCodes} /> : <TwoFactorSetup onConfirmed={setCodes} />}
    </div>
  );
}
