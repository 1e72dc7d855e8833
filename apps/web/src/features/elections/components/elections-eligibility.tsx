import { EligibilityNotice } from '@/components/eligibility-notice.tsx';
import { votedInText } from '@aesa/shared/elections';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type ActiveElection, eligibilityQueryOptions, useActiveElections, useEligibility, voterRuleLabel } from '@/lib/elections.ts';
import { myVotesQueryOptions } from '@/lib/my-votes.ts';

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
  // Once the member has voted, the page says what they did (the server's count, not this device's).
  const votes = useQuery({ ...myVotesQueryOptions(election.id, userId), enabled: election.status === 'active' && !!eligibility.data?.eligible });
  if (!eligibility.data) return null;
  const positions = votes.data ?? [];
  const voted = positions.filter((p) => p.hasVoted).length;
  return (
    <EligibilityNotice
      eligibility={eligibility.data}
      electionTitle={election.title}
      rule={voterRuleLabel(election.voter_rule, election.session)}
      done={voted > 0 ? votedInText(voted, positions.length) : undefined}
    />
  );
}

/**
 * Whether Cast Your Vote leads anywhere for this member: false only once it is known that they may
 * vote in none of the elections open now. While unknown, or with none open, it stays offered.
 */
export function useMayVoteSomewhere(userId: string | undefined): boolean {
  const elections = useActiveElections();
  const open = (elections.data ?? []).filter((e) => e.status === 'active');
  const answers = useQueries({ queries: open.map((e) => ({ ...eligibilityQueryOptions(e.id, userId ?? ''), enabled: !!userId })) });
  if (!userId || open.length === 0 || answers.some((a) => !a.data)) return true;
  return answers.some((a) => a.data?.eligible);
}
