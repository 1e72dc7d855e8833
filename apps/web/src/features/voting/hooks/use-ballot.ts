import { TIMING } from '@aesa/shared/constants';
import type { ErrorCode } from '@aesa/shared/error-codes';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client.ts';
import { type ActiveCandidate, type ActiveElection, CLOSED_MESSAGE, type Eligibility, type VotingStatusItem, useActiveElections } from '@/lib/elections.ts';
import { useCastVote } from '../api/cast-vote.ts';
import { type DeviceReceipt, keepReceipt, readReceipts } from '../lib/device-receipts.ts';
import { candidateName } from '../lib/excerpt.ts';
import { missingPositions } from '../lib/incomplete.ts';
import { buildPages } from '../lib/pages.ts';
import { readProgress, reconcile, writeProgress } from '../lib/progress.ts';

// The ballot's state and rules, so the voting page only renders: which page is open (kept in
// ?page= so a reload stays there), what this member has voted (the server's my-votes first, then
// the votes confirmed in this visit), for whom (only from the receipts this device keeps), the
// confirmation, Voting Incomplete, auto-complete and success steps, and what a vote's answer changes.

export const voteFailed = (message?: string) => `Error casting vote: ${message || 'Please try again'}`;
export const PROFILE_NOT_AVAILABLE = 'Profile not available for this candidate';
export const voteRecorded = (position: string) => `Your vote for ${position} has been recorded.`;

/** Refusals that hold for every vote of this member in this election: the ballot closes with the server's text. */
const VOTER_REFUSALS = new Set<ErrorCode>(['VOTE_NOT_CURRENT_MEMBER', 'VOTE_NOT_VERIFIED', 'VOTE_ELECTION_NOT_ACTIVE', 'VOTE_NOT_STARTED', 'VOTE_ENDED']);

export interface BallotInput {
  election: ActiveElection;
  /** GET my-votes: the server's truth about what this member has voted. */
  serverVotes: VotingStatusItem[];
  userId: string;
  /** Whether this member may vote here (null while unknown: the server judges the vote anyway). */
  eligibility?: Eligibility | null;
}

export function useBallot({ election, serverVotes, userId, eligibility = null }: BallotInput) {
  const { refetch: refetchElections } = useActiveElections();
  const pages = useMemo(() => buildPages(election.candidates), [election.candidates]);
  const lastPage = pages.length;
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= lastPage ? requested : 1;
  const page = pages[current - 1]!;
  const ids = useMemo(() => ({ electionId: election.id, userId }), [election.id, userId]);

  // The receipts of the votes cast on this device: the only record of whom this member chose.
  const [receipts, setReceipts] = useState<DeviceReceipt[]>(() => readReceipts(election.id, userId));
  // Votes confirmed by a successful vote call in this visit, until my-votes is re-read.
  const [confirmed, setConfirmed] = useState<Record<string, string>>({});
  const votes = useMemo(() => {
    const fromServer = reconcile(null, serverVotes, receipts, ids, () => false).votes;
    return { ...confirmed, ...fromServer };
  }, [serverVotes, confirmed, receipts, ids]);
  const voted = useMemo(() => new Set(Object.keys(votes)), [votes]);
  const missing = useMemo(() => missingPositions(pages, voted), [pages, voted]);

  // The stored complete flag counts only if the server agrees nothing is missing. On another
  // device (no flag), a member whose votes the server already holds for every contested position
  // has completed too.
  const [complete, setComplete] = useState(() => {
    const stored = readProgress(election.id, userId);
    const flag = reconcile(stored, serverVotes, receipts, ids, () => missing.length > 0).complete;
    return flag || (missing.length === 0 && voted.size > 0);
  });
  useEffect(() => {
    writeProgress({ ...ids, votes, complete });
  }, [ids, votes, complete]);

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
  // Told before any ballot opens; the candidates stay readable, the vote controls say why they are off.
  const ineligible = eligibility !== null && !eligibility.eligible;
  const votingDisabled = closedMessage !== null || refusal !== null || ineligible || castVote.isPending;
  // Not while the member cannot vote at all (closed election, ineligible or refused member).
  const canFinish = closedMessage === null && refusal === null && !ineligible;

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
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('page', String(target));
        return next;
      },
      { replace: true },
    );
    document.getElementById('ballot-position')?.focus({ preventScroll: false });
  }

  function markComplete() {
    setComplete(true);
    setSuccessOpen(true);
  }

  /** Finish Voting: Voting Incomplete while a contested position is unvoted, else complete. */
  function finish() {
    if (missing.length > 0) {
      setIncompleteOpen(true);
      return;
    }
    markComplete();
  }

  // Landing on the last page with nothing missing completes the voting after 3 s.
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
          setReceipts(keepReceipt(election.id, userId, { position: candidate.position, candidate_id: candidate.id, candidate_name: candidateName(candidate), receipt: res.receipt }));
          setConfirmed((c) => ({ ...c, [candidate.position]: candidate.id }));
          setAnnouncement(res.message || voteRecorded(candidate.position));
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
          // Voted already (another tab or device): the position reads voted; whom only that device's receipt knows.
          if (code === 'VOTE_ALREADY_CAST') setConfirmed((c) => ({ ...c, [candidate.position]: c[candidate.position] ?? '' }));
          setAlert({ title: 'Vote Not Recorded', message: voteFailed(message) });
        },
      },
    );
  }

  const votedFor = votes[page.position] ?? null;
  const pageReceipt = votedFor !== null ? (receipts.find((r) => r.position === page.position) ?? null) : null;
  const votedName = pageReceipt ? candidateNameById(election.candidates, pageReceipt.candidate_id) || pageReceipt.candidate_name : '';
  // This election's receipts on this device, in ballot order, for the success dialog.
  const order = new Map(pages.map((p) => [p.position, p.page]));
  const electionReceipts = [...receipts].sort((a, b) => (order.get(a.position) ?? 99) - (order.get(b.position) ?? 99));

  return {
    pages,
    page,
    current,
    lastPage,
    voted,
    /** The candidate id voted for on this page ('' when this device holds no receipt for it), or null. */
    votedFor,
    /** The chosen candidate's name, from this device's receipt ('' without one). */
    votedName,
    /** This page's receipt on this device, if voted here. */
    pageReceipt,
    receipts: electionReceipts,
    ineligible,
    eligibility,
    missing,
    complete,
    closedMessage,
    refusal,
    votingDisabled,
    canFinish,
    announcement,
    goTo,
    finish,
    /** The candidate awaiting confirmation (the confirm dialog is open while set). */
    choice,
    choose: setChoice,
    cancelChoice: () => {
      if (!castVote.isPending) setChoice(null);
    },
    confirmVote,
    votePending: castVote.isPending,
    incompleteOpen,
    setIncompleteOpen,
    jumpToMissing: (target: number) => {
      setIncompleteOpen(false);
      goTo(target);
    },
    successOpen,
    setSuccessOpen,
    alert,
    dismissAlert: () => setAlert(null),
    showProfileUnavailable: () => setAlert({ title: 'Profile Unavailable', message: PROFILE_NOT_AVAILABLE }),
  };
}

export type BallotState = ReturnType<typeof useBallot>;

function candidateNameById(candidates: readonly ActiveCandidate[], id: string): string {
  const found = candidates.find((c) => c.id === id);
  return found ? candidateName(found) : '';
}
