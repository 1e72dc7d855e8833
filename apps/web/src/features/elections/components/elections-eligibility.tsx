import { EligibilityNotice } from '@/components/eligibility-notice.tsx';
import { type ActiveElection, useActiveElections, useEligibility, voterRuleLabel } from '@/lib/elections.ts';

/**
 * For a signed-in member, before any ballot opens: whether they may vote in each open or upcoming
 * election, and if not, why and whom to ask. The server still judges every vote.
 */
export function ElectionsEligibility({ userId }: { userId: string }) {
  const elections = useActiveElections();
  const listed = (elections.data ?? []).filter((e) => e.status !== 'ended').slice(0, 3);
  if (listed.length === 0) return null;
  return (
    <div className="mt-6 max-w-xl space-y-2" aria-label="Your eligibility to vote" role="group">
      {listed.map((election) => (
        <ElectionEligibility key={election.id} election={election} userId={userId} />
      ))}
    </div>
  );
}

function ElectionEligibility({ election, userId }: { election: ActiveElection; userId: string }) {
  const eligibility = useEligibility(election.id, userId);
  if (!eligibility.data) return null;
  return <EligibilityNotice eligibility={eligibility.data} electionTitle={election.title} rule={voterRuleLabel(election.voter_rule, election.session)} />;
}
