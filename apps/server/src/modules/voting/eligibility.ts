import type { IneligibleReason } from '@aesa/shared/elections';
import type pg from 'pg';
import { fail } from '../../lib/app-error.ts';
import { isOnElectionRoll } from '../election-record/roll.ts';
import { meetsVoterRuleSql } from '../elections/voter-rule.queries.ts';

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
 * under the financial rule), and once frozen the roll (the caller freezes a due roll first); a
 * member off a financial roll who is still not financial is told what the rule asks.
 * 404 for an unknown or hidden election.
 */
export async function memberEligibility(pool: pg.Pool, electionId: string, memberId: string): Promise<Eligibility> {
  const { rows } = await pool.query<{ found: boolean; current: boolean; verified: boolean; meets_rule: boolean; voter_session: string | null; roll_frozen: boolean }>({
    name: 'member-eligibility',
    text: `
      select e.id is not null as found,
             coalesce(bool_or(m.is_current), false) as current,
             coalesce(bool_or(m.is_current and m.verified_by_admin), false) as verified,
             coalesce(${meetsVoterRuleSql('$2', 'e')}, true) as meets_rule,
             e.voter_session, e.roll_frozen_at is not null as roll_frozen
      from (select 1) one
      left join elections e on e.id = $1 and e.is_publicly_visible and e.archived_at is null
      left join member_roles m on m.user_id = $2
      group by e.id, e.voter_rule, e.voter_session, e.roll_frozen_at`,
    values: [electionId, memberId],
  });
  const r = rows[0]!;
  if (!r.found) throw fail('ELECTION_NOT_FOUND');
  if (!r.current) return { eligible: false, reason: 'NOT_CURRENT_MEMBER' };
  if (!r.verified) return { eligible: false, reason: 'NOT_VERIFIED' };
  const onRoll = await isOnElectionRoll(pool, electionId, memberId); // true while the roll is not frozen
  if (!r.meets_rule && !(r.roll_frozen && onRoll)) return { eligible: false, reason: 'NOT_FINANCIAL', session: r.voter_session ?? '' };
  if (!onRoll) return { eligible: false, reason: 'NOT_ON_ROLL' };
  return { eligible: true, reason: null };
}
