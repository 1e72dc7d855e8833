import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ElectionRules } from '@/components/election-rules.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useUser } from '@/lib/auth.ts';
import { useActiveElections, useEligibility } from '@/lib/elections.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { useMyVotes } from '@/lib/my-votes.ts';
import { Ballot } from './ballot.tsx';

export const LOADING_ELECTION = 'Loading election...';
export const NO_ACTIVE_ELECTIONS = 'No active elections found';
export const NO_ELECTION_DATA = 'No election data available';
export const loadFailed = (message: string) => `Failed to load election data: ${message}`;

/** The voting page, /election/{id}. Login required. */
export function VotingScreen() {
  const { id = '' } = useParams();
  const user = useUser();
  const { association_name } = useSiteConfig();
  const elections = useActiveElections();
  const election = elections.data?.find((e) => e.id === id);
  const userId = user?.id ?? '';
  const myVotes = useMyVotes(id, userId);
  // Told before any ballot opens; while it loads (or if it fails) the ballot shows as usual and the server judges the vote.
  const eligibility = useEligibility(election ? id : '', userId);
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
        eligibility={eligibility.data ?? null}
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
