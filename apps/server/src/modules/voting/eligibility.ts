import type { IneligibleReason } from '@aesa/shared/elections';
import type pg from 'pg';
import { fail } from '../../lib/app-error.ts';
import { eligibilityFacts } from './voting.queries.ts';

export interface Eligibility {
  eligible: boolean;
  reason: IneligibleReason | null;
  /** With NOT_FINANCIAL: the session whose financial members may vote. */
  session?: string;
}

/**
 * Whether a member may vote in an election, for the pages to say so before any ballot opens.
 * The same rules as the vote statement (voting.queries.ts), in the same order, so the page and a
 * refused vote give the same reason: a current member role first, then verified by an admin,
 * then the election's voter rule until its roll is frozen (a financial member of its session
 * under the financial rule), and once frozen the roll (the route froze a due roll first); a
 * member off a financial roll who is still not financial is told what the rule asks.
 * 404 for an unknown or hidden election.
 */
export async function memberEligibility(pool: pg.Pool, electionId: string, memberId: string): Promise<Eligibility> {
  const r = await eligibilityFacts(pool, electionId, memberId);
  if (!r.found) throw fail('ELECTION_NOT_FOUND');
  if (!r.current) return { eligible: false, reason: 'NOT_CURRENT_MEMBER' };
  if (!r.verified) return { eligible: false, reason: 'NOT_VERIFIED' };
  if (!r.meets_rule && !(r.roll_frozen && r.on_roll)) return { eligible: false, reason: 'NOT_FINANCIAL', session: r.voter_session ?? '' };
  if (!r.on_roll) return { eligible: false, reason: 'NOT_ON_ROLL' };
  return { eligible: true, reason: null };
}
