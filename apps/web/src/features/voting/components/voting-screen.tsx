import type { ErrorCode } from '@aesa/shared/error-codes';
import { TIMING } from '@aesa/shared/constants';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ElectionRules } from '@/components/election-rules.tsx';
import { AlertMessageDialog } from '@/components/ui/alert-dialog.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { type ActiveCandidate, type ActiveElection, CLOSED_MESSAGE, type VotingStatusItem, useActiveElections } from '@/lib/elections.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { useCastVote } from '../api/cast-vote.ts';
import { useMyVotes } from '../api/get-my-votes.ts';
import { candidateName } from '../lib/excerpt.ts';
import { missingPositions } from '../lib/incomplete.ts';
import { buildPages } from '../lib/pages.ts';
import { readProgress, reconcile, writeProgress } from '../lib/progress.ts';
import { CandidateCard, PROFILE_NOT_AVAILABLE } from './candidate-card.tsx';
import { ConfirmVoteDialog, IncompleteDialog, SuccessDialog } from './voting-dialogs.tsx';
import { PageBar } from './page-bar.tsx';

export const LOADING_ELECTION = 'Loading election...';
export const NO_ACTIVE_ELECTIONS = 'No active elections found';
export const NO_ELECTION_DATA = 'No election data available';
export const loadFailed = (message: string) => `Failed to load election data: ${message}`;
export const voteFailed = (message?: string) => `Error casting vote: ${message || 'Please try again'}`;

/** The voting page, /election/{id} (spec 01 §2 "Voting page", §4 "Voting flow"). Login required. */
export function VotingScreen() {
  const { id = '' } = useParams();
  const user = useUser();
  const { association_name } = useSiteConfig();
  const elections = useActiveElections();
  const election = elections.data?.find((e) => e.id === id);
  const userId = user?.id ?? '';
  const myVotes = useMyVotes(id, userId);
  const fallbackTitle = `${association_name} DECIDES`;

  const retry = () => {
    void elections.refetch();
    void myVotes.refetch();
  };

  let body: ReactNode;
  if (elections.isPending || (election && myVotes.isPending)) {
    body = (
      <div className="flex items-center justify-center gap-2 py-16 text-slate-700">
        <Spinner label="Loading election" />
        <span>{LOADING_ELECTION}</span>
      </div>
    );
  } else if (elections.isError || (election && myVotes.isError)) {
    const error = elections.error ?? myVotes.error;
    body = <LoadProblem message={loadFailed(error?.message ?? 'Unknown error')} onRetry={retry} />;
  } else if (elections.data.length === 0) {
    body = <LoadProblem message={NO_ACTIVE_ELECTIONS} onRetry={retry} />;
  } else if (!election || !myVotes.data) {
    body = (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-semibold text-slate-900">{NO_ELECTION_DATA}</p>
        <Link to={paths.elections.href()} className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
          Back to Elections
        </Link>
      </div>
    );
  } else {
    body = (
      <Ballot
        key={`${election.id}:${userId}`}
        election={election}
        serverVotes={myVotes.data}
        userId={userId}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{`${election?.title ?? fallbackTitle} · ${association_name} Portal`}</title>
      <h1 className="text-2xl font-extrabold tracking-tight break-words text-navy-900 sm:text-3xl">{election?.title ?? fallbackTitle}</h1>
      {election?.description ? <p className="mt-2 break-words text-slate-700">{election.description}</p> : null}
      <div className="mt-6">{body}</div>
      <ElectionRules className="mt-10" />
    </div>
  );
}

function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
      <p className="font-semibold break-words">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** Refusals that hold for every vote of this member in this election: the ballot closes with the server's text. */
const VOTER_REFUSALS = new Set<ErrorCode>(['VOTE_NOT_CURRENT_MEMBER', 'VOTE_NOT_VERIFIED', 'VOTE_ELECTION_NOT_ACTIVE', 'VOTE_NOT_STARTED', 'VOTE_ENDED']);

/** The ballot itself, once the election and the member's own votes (the server's truth) are in. */
function Ballot({
  election,
  serverVotes,
  userId,
}: {
  election: ActiveElection;
  serverVotes: VotingStatusItem[];
  userId: string;
}) {
  const navigate = useNavigate();
  const { refetch: refetchElections } = useActiveElections();
  const pages = useMemo(() => buildPages(election.candidates), [election.candidates]);
  const lastPage = pages.length;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= lastPage ? requested : 1;
  const page = pages[current - 1]!;

  // Votes confirmed by a successful vote call in this visit, until my-votes is re-read.
  const [confirmed, setConfirmed] = useState<Record<string, string>>({});
  const votes = useMemo(() => {
    const fromServer = reconcile(null, serverVotes, election.candidates, { electionId: election.id, userId }, () => false).votes;
    return { ...confirmed, ...fromServer };
  }, [serverVotes, confirmed, election.candidates, election.id, userId]);
  const voted = useMemo(() => new Set(Object.keys(votes)), [votes]);
  const votedNames = useMemo(
    () => new Map(serverVotes.filter((s) => s.hasVoted).map((s) => [s.position, s.votedFor?.candidate_name ?? ''])),
    [serverVotes],
  );
  const missing = useMemo(() => missingPositions(pages, voted), [pages, voted]);

  // The stored complete flag counts only if the server agrees nothing is missing. On another
  // device (no flag), a member whose votes the server already holds for every contested position
  // has completed too.
  const [complete, setComplete] = useState(() => {
    const stored = readProgress(election.id, userId);
    const flag = reconcile(stored, serverVotes, election.candidates, { electionId: election.id, userId }, () => missing.length > 0).complete;
    return flag || (missing.length === 0 && voted.size > 0);
  });
  useEffect(() => {
    writeProgress({ electionId: election.id, userId, votes, complete });
  }, [election.id, userId, votes, complete]);

  const [choice, setChoice] = useState<ActiveCandidate | null>(null);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  // The server's refusal of this member's votes (not eligible, no longer current), after a 403.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [incompleteOpen, setIncompleteOpen] = useState(false);
  // Read out after each recorded vote (the Voted state says it visually).
  const [announcement, setAnnouncement] = useState('');
  const [successOpen, setSuccessOpen] = useState(false);
  const castVote = useCastVote(election.id, userId);

  // Display only: the server's status at answer time; a vote outside the window is refused anyway.
  const closedMessage = election.status === 'active' ? null : CLOSED_MESSAGE[election.status];
  const votingDisabled = closedMessage !== null || refusal !== null || castVote.isPending;

  // Re-read the election when its window opens or closes, so the page follows without a reload.
  useEffect(() => {
    const boundary = election.status === 'upcoming' ? election.start_time : election.status === 'active' ? election.end_time : null;
    if (!boundary) return;
    const wait = new Date(boundary).getTime() - Date.now() + 1000;
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refetchElections(), wait);
    return () => clearTimeout(timer);
  }, [election.status, election.start_time, election.end_time, refetchElections]);

  function goTo(target: number) {
    if (target < 1 || target > lastPage) return;
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.set('page', String(target));
      return next;
    }, { replace: true });
    document.getElementById('ballot-position')?.focus({ preventScroll: false });
  }

  function finish() {
    if (missing.length > 0) {
      setIncompleteOpen(true);
      return;
    }
    setComplete(true);
    setSuccessOpen(true);
  }

  // Landing on the last page with nothing missing completes the voting after 3 s (spec 01 §4);
  // not while the member cannot vote at all (closed election, refused member).
  const canFinish = closedMessage === null && refusal === null;
  const autoComplete = canFinish && current === lastPage && missing.length === 0 && !complete;
  useEffect(() => {
    if (!autoComplete) return;
    const timer = setTimeout(() => {
      setComplete(true);
      setSuccessOpen(true);
    }, TIMING.autoCompleteMs);
    return () => clearTimeout(timer);
  }, [autoComplete]);

  function confirmVote() {
    const candidate = choice;
    if (!candidate || castVote.isPending) return;
    castVote.mutate(
      { candidate_id: candidate.id, position: candidate.position },
      {
        onSuccess: (res) => {
          setChoice(null);
          setConfirmed((c) => ({ ...c, [candidate.position]: candidate.id }));
          setAnnouncement(res?.message || `Your vote for ${candidate.position} has been recorded.`);
          // Voting on the last page with contested positions still open: show what is missing.
          if (current === lastPage) {
            const stillMissing = missing.filter((p) => p.position !== candidate.position);
            if (stillMissing.length > 0) setIncompleteOpen(true);
          }
        },
        onError: (error) => {
          setChoice(null);
          const message = error.message;
          // The server will not take this member's votes (not verified, not current, or the
          // window is closed): say so on the page too, not only in the alert.
          const code = isApiError(error) ? error.code : null;
          if (code && VOTER_REFUSALS.has(code)) setRefusal(message);
          if (code === 'VOTE_ALREADY_CAST') setConfirmed((c) => ({ ...c, [candidate.position]: c[candidate.position] ?? '' }));
          setAlert({ title: 'Vote Not Recorded', message: voteFailed(message) });
        },
      },
    );
  }

  const votedFor = votes[page.position] ?? null;
  const votedName = votedNames.get(page.position) || (votedFor ? candidateNameById(election.candidates, votedFor) : '');

  return (
    <div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {closedMessage ? <Notice tone="info">{closedMessage}</Notice> : null}
      {refusal ? (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      ) : null}
      {complete ? (
        <div className="mb-4 flex flex-col gap-3 rounded-2xl border border-green-300 bg-green-50 p-4 text-green-900 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-semibold">You have completed voting in this election. Thank you!</p>
          <Link to={paths.electionResults.href(election.id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            View Real-Time Results
          </Link>
        </div>
      ) : null}

      <PageBar pages={pages} current={current} voted={voted} onSelect={goTo} />

      <section aria-labelledby="ballot-position" className="mt-6 rounded-2xl border border-slate-200 bg-slate-100/60 p-4 sm:p-6">
        <p className="text-sm font-semibold text-slate-600">
          Page {current} of {lastPage}
        </p>
        <h2 id="ballot-position" tabIndex={-1} className="mt-1 text-2xl font-bold text-navy-900">
          {page.position}
        </h2>
        {votedFor !== null ? (
          <p className="mt-2 flex items-center gap-2 text-sm font-semibold text-green-800">
            <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {votedName ? `You voted for ${votedName}.` : 'You have voted for this position.'}
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
          <ul
            className={
              page.candidates.length === 1
                ? 'mx-auto mt-6 grid max-w-sm gap-4'
                : 'mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
            }
          >
            {page.candidates.map((candidate) => (
              <CandidateCard
                key={candidate.id}
                candidate={candidate}
                position={page.position}
                runningCount={page.candidates.length}
                votedFor={votedFor}
                votingDisabled={votingDisabled}
                onVote={setChoice}
                onProfileUnavailable={() => setAlert({ title: 'Profile Unavailable', message: PROFILE_NOT_AVAILABLE })}
              />
            ))}
          </ul>
        )}
      </section>

      <div className="mt-6 flex items-center justify-between gap-3">
        <Button variant="outline" onClick={() => goTo(current - 1)} disabled={current <= 1}>
          Previous
        </Button>
        {current < lastPage ? (
          <Button onClick={() => goTo(current + 1)}>Next</Button>
        ) : (
          <Button variant="secondary" onClick={finish} disabled={!canFinish}>
            Finish Voting
          </Button>
        )}
      </div>

      <ConfirmVoteDialog
        candidateName={choice ? candidateName(choice) : null}
        pending={castVote.isPending}
        onConfirm={confirmVote}
        onCancel={() => {
          if (!castVote.isPending) setChoice(null);
        }}
      />
      <IncompleteDialog
        open={incompleteOpen}
        missing={missing}
        onOpenChange={setIncompleteOpen}
        onJump={(target) => {
          setIncompleteOpen(false);
          goTo(target);
        }}
      />
      <SuccessDialog
        open={successOpen}
        onOpenChange={setSuccessOpen}
        onHome={() => void navigate(paths.home.href())}
        onResults={() => void navigate(paths.electionResults.href(election.id))}
      />
      <AlertMessageDialog title={alert?.title} message={alert?.message ?? null} onClose={() => setAlert(null)} />
    </div>
  );
}

function candidateNameById(candidates: readonly ActiveCandidate[], id: string): string {
  const found = candidates.find((c) => c.id === id);
  return found ? candidateName(found) : '';
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
