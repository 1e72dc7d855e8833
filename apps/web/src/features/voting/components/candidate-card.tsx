import { Link } from 'react-router';
import defaultAvatar from '@/assets/art/default-avatar.svg';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import type { ActiveCandidate } from '@/lib/elections.ts';
import { candidateName, candidateText, excerpt, excerptLength } from '../lib/excerpt.ts';

/**
 * One candidate: photo, name and excerpt, linking to the member's
 * profile, and the vote button. Once the member voted for the position, the chosen card reads
 * Voted and the others stay disabled (Vote for {position}).
 */
export function CandidateCard({
  candidate,
  position,
  runningCount,
  votedFor,
  votingDisabled,
  disabledReasonId,
  onVote,
  onProfileUnavailable,
}: {
  candidate: ActiveCandidate;
  position: string;
  runningCount: number;
  /** The candidate id this member voted for in this position ('' when this device holds no receipt for it), or null. */
  votedFor: string | null;
  votingDisabled: boolean;
  /** The element(s) saying why the vote button is disabled for this member (aria-describedby). */
  disabledReasonId?: string;
  onVote: (candidate: ActiveCandidate) => void;
  onProfileUnavailable: () => void;
}) {
  const name = candidateName(candidate);
  const photo = candidate.candidate_image_url || candidate.users.profile_image_url || defaultAvatar;
  const isChoice = votedFor !== null && votedFor === candidate.id;
  const unopposed = runningCount === 1;
  const nameId = `candidate-${candidate.id}-name`;

  const identity = (
    <>
      <img src={photo} alt="" className="size-24 shrink-0 rounded-full object-cover ring-4 ring-slate-100 sm:size-28" />
      <span id={nameId} className="mt-3 block text-lg font-bold break-words text-navy-900 group-hover:underline">
        {name}
      </span>
    </>
  );

  return (
    <li
      className={cn(
        'flex flex-col items-center rounded-2xl border bg-white p-5 text-center shadow-sm',
        isChoice ? 'border-green-600 ring-2 ring-green-600' : 'border-slate-200',
      )}
      data-candidate-id={candidate.id}
    >
      {unopposed ? (
        <span className="mb-3 rounded-full bg-amber-100 px-3 py-0.5 text-xs font-bold tracking-wider text-amber-900 ring-1 ring-amber-300">
          UNOPPOSED
        </span>
      ) : null}
      {candidate.user_id ? (
        <Link to={paths.memberProfile.href(candidate.user_id)} className="group flex flex-col items-center rounded-xl">
          {identity}
          <span className="sr-only"> (view profile)</span>
        </Link>
      ) : (
        <button type="button" onClick={onProfileUnavailable} className="group flex flex-col items-center rounded-xl">
          {identity}
          <span className="sr-only"> (view profile)</span>
        </button>
      )}
      <p className="mt-2 text-sm break-words text-slate-700">{excerpt(candidateText(candidate), excerptLength(runningCount))}</p>
      <div className="mt-auto w-full pt-4">
        {isChoice ? (
          <p className="flex h-10 w-full items-center justify-center gap-2 rounded-lg bg-green-700 text-sm font-semibold text-white">
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Voted
            <span className="sr-only">: {name}</span>
          </p>
        ) : (
          <Button
            className="w-full"
            disabled={votedFor !== null || votingDisabled}
            aria-describedby={votedFor === null ? disabledReasonId : undefined}
            onClick={() => onVote(candidate)}
          >
            Vote for {position}
            <span className="sr-only">: {name}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
