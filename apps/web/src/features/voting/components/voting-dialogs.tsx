import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog.tsx';
import type { ActiveElection } from '@/lib/elections.ts';
import type { DeviceReceipt } from '../lib/device-receipts.ts';
import type { PositionPage } from '../lib/pages.ts';
import { ReceiptsPanel } from './receipts.tsx';
import { ResultsAccess, type ResultsElection, useResultsViewable } from './results-access.tsx';

// The voting page's dialogs: vote confirmation, Voting Incomplete and success. They
// chain as follows: confirm → the vote is sent; on the last page, Finish Voting (or a vote there)
// opens Voting Incomplete when contested positions are unvoted, else the success dialog, whose
// View Real-Time Results opens the results dialog (/elections/results/{id}) when the results can
// be opened; otherwise the dialog says when they will be.

export const confirmText = (candidate: string) =>
  `You're about to cast your vote for ${candidate}. This action is final and cannot be undone.`;

export function ConfirmVoteDialog({
  candidateName,
  pending,
  onConfirm,
  onCancel,
}: {
  /** The dialog is open while a candidate is chosen. */
  candidateName: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={candidateName !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {candidateName !== null ? (
        <DialogContent title="Confirm Your Vote" description={confirmText(candidateName)} className="max-w-md">
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={pending}>
              No, Go back
            </Button>
            <Button onClick={onConfirm} disabled={pending}>
              {pending ? 'Casting vote...' : 'Yes, Vote Now'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export function IncompleteDialog({
  open,
  missing,
  onOpenChange,
  onJump,
}: {
  open: boolean;
  missing: readonly PositionPage[];
  onOpenChange: (open: boolean) => void;
  onJump: (page: number) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Voting Incomplete"
        description="You have not voted for every position yet. Go to a page to cast your vote there:"
        className="max-w-md"
      >
        <ul className="space-y-2">
          {missing.map((p) => (
            <li key={p.position}>
              <button
                type="button"
                onClick={() => onJump(p.page)}
                className="flex w-full items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100"
              >
                <span>{p.position}</span>
                <span className="shrink-0 font-medium text-brand-700">Go to page {p.page}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function SuccessDialog({
  election,
  receipts,
  open,
  onOpenChange,
  onHome,
}: {
  election: Pick<ActiveElection, 'id' | 'title'> & ResultsElection;
  /** The receipts of this election kept on this device (none when voted elsewhere). */
  receipts: readonly DeviceReceipt[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onHome: () => void;
}) {
  const viewable = useResultsViewable(election);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Thank You for Voting!"
        description="Your votes have been recorded. Voting is complete for this election."
        className="max-w-md"
      >
        <div className="flex flex-col items-center text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          {viewable && election.status === 'active' ? <p className="mt-3 text-slate-700">Follow the count as it happens on the real-time results.</p> : null}
        </div>
        <ReceiptsPanel election={election} receipts={receipts} />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <Button variant="outline" onClick={onHome}>
            Go to Homepage
          </Button>
          <ResultsAccess election={election} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
