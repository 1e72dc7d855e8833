import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { QrCode } from '@/components/ui/qr-code.tsx';
import { errorMessage, isSessionEnd } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { useMembershipCode, useRenewMembershipCode } from '../../api/membership-code.ts';

/**
 * The member's membership code on their own profile: the QR the door scans, and "Renew code",
 * which voids the old one (a screenshot that went around stops working).
 */
export function MembershipCodeCard() {
  const headingId = useId();
  const query = useMembershipCode();
  const renew = useRenewMembershipCode();
  const [asking, setAsking] = useState(false);

  function onRenew() {
    renew.mutate(undefined, {
      onSuccess: () => flash.success(CHECK_IN_MSG.renewed),
      onError: (error) => {
        if (!isSessionEnd(error)) flash.error(errorMessage(error));
      },
      onSettled: () => setAsking(false),
    });
  }

  return (
    <section aria-labelledby={headingId} className="mx-4 mb-4 rounded-2xl bg-white p-4 shadow-sm sm:mx-0 sm:p-6">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-navy-900">
        {CHECK_IN_MSG.codeTitle}
      </h2>
      {query.isPending ? (
        <p role="status" className="text-slate-700">
          Loading your membership code...
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
          <p>Failed to load your membership code: {errorMessage(query.error)}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
          <QrCode rows={query.data.qr} label={CHECK_IN_MSG.codeQrLabel} className="size-56 shrink-0 rounded-lg border border-slate-200" />
          <div className="flex flex-col gap-3 text-slate-700">
            <p>{CHECK_IN_MSG.codeHelp}</p>
            <div>
              <Button variant="outline" onClick={() => setAsking(true)} disabled={renew.isPending}>
                {CHECK_IN_MSG.renew}
              </Button>
            </div>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={CHECK_IN_MSG.renew}
        message={CHECK_IN_MSG.renewConfirm}
        confirmLabel={renew.isPending ? CHECK_IN_MSG.renewing : CHECK_IN_MSG.renew}
        cancelLabel="Cancel"
        busy={renew.isPending}
        onConfirm={onRenew}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
