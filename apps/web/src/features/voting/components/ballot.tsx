import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RECEIPT_MSG } from '@aesa/shared/receipts';
import { EligibilityNotice } from '@/components/eligibility-notice.tsx';
import { AlertMessageDialog } from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { ELIGIBILITY_MSG } from '@/lib/elections.ts';
import { type BallotInput, useBallot } from '../hooks/use-ballot.ts';
import { candidateName } from '../lib/excerpt.ts';
import { CandidateCard } from './candidate-card.tsx';
import { PageBar } from './page-bar.tsx';
import { CopyReceiptButton } from './receipts.tsx';
import { ResultsAccess } from './results-access.tsx';
import { ConfirmVoteDialog, IncompleteDialog, SuccessDialog } from './voting-dialogs.tsx';

const ELIGIBILITY_ID = 'ballot-eligibility';
const DISABLED_NOTE_ID = 'ballot-controls-disabled';

/** The ballot, once the election and the member's own votes (the server's truth) are in: one position per page. */
export function Ballot(props: BallotInput) {
  const navigate = useNavigate();
  const ballot = useBallot(props);
  const { election } = props;
  const { page, current, lastPage, votedFor, votedName, pageReceipt } = ballot;

  return (
    <div>
      <p role="status" className="sr-only">
        {ballot.announcement}
      </p>
      {/* Whether this member may vote, before any ballot opens; once done voting, only a refusal is worth repeating. */}
      {ballot.eligibility && election.status !== 'ended' && !(ballot.eligibility.eligible && ballot.complete) ? (
        <EligibilityNotice id={ELIGIBILITY_ID} eligibility={ballot.eligibility} className="mb-4" />
      ) : null}
      {ballot.closedMessage ? <Notice tone="info">{ballot.closedMessage}</Notice> : null}
      {ballot.refusal ? (
        <Notice tone="error" role="alert">
          {ballot.refusal}
        </Notice>
      ) : null}
      {ballot.complete ? (
        <div className="mb-4 flex flex-col gap-3 rounded-2xl border border-green-300 bg-green-50 p-4 text-green-900 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold">You have completed voting in this election. Thank you!</p>
          <ResultsAccess election={election} variant="outline" size="sm" />
        </div>
      ) : null}

      <PageBar pages={ballot.pages} current={current} voted={ballot.voted} onSelect={ballot.goTo} />

      <section aria-labelledby="ballot-position" className="mt-6 rounded-2xl border border-slate-200 bg-slate-100/60 p-4 sm:p-6">
        <p className="text-sm font-semibold text-slate-600">
          Page {current} of {lastPage}
        </p>
        <h2 id="ballot-position" tabIndex={-1} className="mt-1 text-2xl font-bold text-navy-900">
          {page.position}
        </h2>
        {votedFor !== null ? (
          <div className="mt-2 text-sm">
            <p className="flex items-center gap-2 font-semibold text-green-800">
              <svg viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
                <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {pageReceipt && votedName ? `You voted for ${votedName}.` : RECEIPT_MSG.notOnDevice}
            </p>
            {pageReceipt ? (
              <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-800">
                <span>
                  Your receipt: <span className="font-mono font-semibold tracking-wider text-slate-900">{pageReceipt.receipt}</span>
                </span>
                <CopyReceiptButton text={pageReceipt.receipt} label={`Copy the receipt for ${page.position}`} />
              </p>
            ) : null}
          </div>
        ) : null}
        {ballot.ineligible && page.candidates.length > 0 && votedFor === null ? (
          <p id={DISABLED_NOTE_ID} className="mt-2 text-sm font-semibold text-amber-900">
            {ELIGIBILITY_MSG.controlsDisabled}
          </p>
        ) : null}

        {page.candidates.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-slate-700">No candidates are running for this position.</p>
            <Button disabled className="mt-4">
              No Candidates Available
            </Button>
          </div>
        ) : (
          <ul className={page.candidates.length === 1 ? 'mx-auto mt-6 grid max-w-sm gap-4' : 'mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
            {page.candidates.map((candidate) => (
              <CandidateCard
                key={candidate.id}
                candidate={candidate}
                position={page.position}
                runningCount={page.candidates.length}
                votedFor={votedFor}
                votingDisabled={ballot.votingDisabled}
                disabledReasonId={ballot.ineligible ? `${DISABLED_NOTE_ID} ${ELIGIBILITY_ID}` : undefined}
                onVote={ballot.choose}
                onProfileUnavailable={ballot.showProfileUnavailable}
              />
            ))}
          </ul>
        )}
      </section>

      <div className="mt-6 flex items-center justify-between gap-3">
        <Button variant="outline" onClick={() => ballot.goTo(current - 1)} disabled={current <= 1}>
          Previous
        </Button>
        {current < lastPage ? (
          <Button onClick={() => ballot.goTo(current + 1)}>Next</Button>
        ) : (
          <Button variant="secondary" onClick={ballot.finish} disabled={!ballot.canFinish}>
            Finish Voting
          </Button>
        )}
      </div>

      <ConfirmVoteDialog
        candidateName={ballot.choice ? candidateName(ballot.choice) : null}
        pending={ballot.votePending}
        onConfirm={ballot.confirmVote}
        onCancel={ballot.cancelChoice}
      />
      <IncompleteDialog open={ballot.incompleteOpen} missing={ballot.missing} onOpenChange={ballot.setIncompleteOpen} onJump={ballot.jumpToMissing} />
      <SuccessDialog
        election={election}
        receipts={ballot.receipts}
        open={ballot.successOpen}
        onOpenChange={ballot.setSuccessOpen}
        onHome={() => void navigate(paths.home.href())}
      />
      <AlertMessageDialog title={ballot.alert?.title} message={ballot.alert?.message ?? null} onClose={ballot.dismissAlert} />
    </div>
  );
}

function Notice({ tone, role, children }: { tone: 'info' | 'error'; role?: 'alert'; children: ReactNode }) {
  return (
    <p
      role={role}
      className={
        tone === 'error'
          ? 'mb-4 rounded-2xl border border-red-300 bg-red-50 p-4 font-semibold text-red-900'
          : 'mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900'
      }
    >
      {children}
    </p>
  );
}
