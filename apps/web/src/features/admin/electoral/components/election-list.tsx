import type { Election } from '@aesa/shared/elections';
import { useState } from 'react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { loadFailed } from '@/lib/admin-messages.ts';
import { useElections } from '../api/elections-api.ts';
import { useNow } from '@/hooks/use-now.ts';
import { ElectionCard } from './election-card.tsx';
import { ElectionDetailsDialog } from './election-details-dialog.tsx';
import { ManageCandidatesDialog } from './manage-candidates-dialog.tsx';
import { InstallWinnersDialog } from './install-winners-dialog.tsx';
import { TurnoutDialog } from './turnout-dialog.tsx';
import { ExtendVotingDialog } from './extend-voting-dialog.tsx';

export function ElectionList({ onEdit, onCreate }: { onEdit: (election: Election) => void; onCreate: () => void }) {
  const elections = useElections();
  const now = useNow();
  const [details, setDetails] = useState<Election | null>(null);
  const [candidatesOf, setCandidatesOf] = useState<Election | null>(null);
  const [turnoutOf, setTurnoutOf] = useState<Election | null>(null);
  const [winnersOf, setWinnersOf] = useState<Election | null>(null);
  const [extendOf, setExtendOf] = useState<Election | null>(null);

  if (elections.isPending) return <ListLoading label="Loading elections..." />;
  if (elections.isError) {
    return <ListError message={loadFailed('elections', elections.error)} onRetry={() => void elections.refetch()} retrying={elections.isFetching} />;
  }
  if (elections.data.length === 0) {
    return (
      <EmptyState title="No elections yet.">
        <p>Create the first election, then add its candidates.</p>
        <Button className="mt-4" onClick={onCreate}>
          Create Election
        </Button>
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {elections.data.map((election) => (
          <li key={election.id} className="flex">
            <ElectionCard
              election={election}
              now={now}
              onDetails={() => setDetails(election)}
              onEdit={() => onEdit(election)}
              onCandidates={() => setCandidatesOf(election)}
              onTurnout={() => setTurnoutOf(election)}
              onWinners={() => setWinnersOf(election)}
              onExtend={() => setExtendOf(election)}
            />
          </li>
        ))}
      </ul>
      {details ? <ElectionDetailsDialog election={details} now={now} onClose={() => setDetails(null)} /> : null}
      {candidatesOf ? <ManageCandidatesDialog election={candidatesOf} onClose={() => setCandidatesOf(null)} /> : null}
      {turnoutOf ? <TurnoutDialog election={turnoutOf} now={now} onClose={() => setTurnoutOf(null)} /> : null}
      {winnersOf ? <InstallWinnersDialog election={winnersOf} onClose={() => setWinnersOf(null)} /> : null}
      {extendOf ? <ExtendVotingDialog election={extendOf} onClose={() => setExtendOf(null)} /> : null}
    </>
  );
}
