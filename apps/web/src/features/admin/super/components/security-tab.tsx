import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessage, isSessionEnd, loadFailed } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { TwoFactorSettingsButton } from '@/features/settings/components/two-factor-settings-button.tsx';
import { saveSecuritySettings, securitySettingsQuery } from '../api/security-settings.ts';
import { mfaStatusQuery } from '@/features/settings/api/mfa-api.ts';
import { useUser } from '@/lib/auth.ts';

/** Security: whether every admin must use two-factor authentication. */
export function SecurityTab() {
  const queryClient = useQueryClient();
  const settings = useQuery(securitySettingsQuery);
  const me = useUser();
  // Whether the super admin's own account has it: requiring it is refused until it does.
  const own = useQuery({ ...mfaStatusQuery(me?.id ?? ''), enabled: !!me });
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (res) => {
      setAsking(false);
      setError(null);
      queryClient.setQueryData(securitySettingsQuery.queryKey, res);
      flash.success(res.message);
    },
    onError: (e) => {
      setAsking(false);
      if (!isSessionEnd(e)) setError(errorMessage(e));
    },
  });

  if (settings.isPending) return <ListLoading label="Loading security settings..." />;
  if (settings.isError) return <ListError message={loadFailed('security settings', settings.error)} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  const required = settings.data.require_admin_mfa;

  return (
    <section aria-labelledby="security-title" className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="security-title" className="text-lg font-bold text-navy-900">
        Security
      </h2>
      <FormError>{error}</FormError>
      <Switch
        label="Require two-factor authentication for all admins"
        description="Admins without it are sent to set it up in Settings before the admin area answers them. Members are not affected."
        checked={required}
        disabled={save.isPending}
        onChange={(next) => {
          setError(null);
          if (next) setAsking(true);
          else save.mutate({ require_admin_mfa: false });
        }}
      />
      {own.data?.enabled ? (
        <p className="text-sm text-slate-700">Two-factor authentication is on for your own account.</p>
      ) : own.data ? (
        <p className="text-sm text-slate-700">
          You need it on for your own account first.{' '}
          <TwoFactorSettingsButton variant="ghost" size="sm" className="px-1 text-brand-700 underline">
            Open your two-factor settings
          </TwoFactorSettingsButton>
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Require two-factor authentication?"
        message="Every admin without it, also one signed in now, will have to set it up before using the admin area."
        confirmLabel="Require it"
        cancelLabel="Cancel"
        busy={save.isPending}
        onConfirm={() => save.mutate({ require_admin_mfa: true })}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
