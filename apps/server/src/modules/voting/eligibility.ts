import type { IneligibleReason } from '@aesa/shared/elections';
import type pg from 'pg';
import { fail } from '../../lib/app-error.ts';
import { isOnElectionRoll } from '../election-record/roll.ts';

export interface Eligibility {
  eligible: boolean;
  reason: IneligibleReason | null;
}

/**
 * Whether a member may vote in an election, for the pages to say so before any ballot opens.
 * The same rules as the vote statement (voting.queries.ts), in the same order, so the page and a
 * refused vote give the same reason: a current member role first, then verified by an admin,
 * then on the election's voter roll (frozen when voting opens; the caller freezes a due roll
 * first). 404 for an unknown or hidden election.
 */
export async function memberEligibility(pool: pg.Pool, electionId: string, memberId: string): Promise<Eligibility> {
  const { rows } = await pool.query<{ found: boolean; current: boolean; verified: boolean }>({
    name: 'member-eligibility',
    text: `
      select exists (select 1 from elections where id = $1 and is_publicly_visible and archived_at is null) as found,
             coalesce(bool_or(is_current), false) as current,
             coalesce(bool_or(is_current and verified_by_admin), false) as verified
      from member_roles where user_id = $2`,
    values: [electionId, memberId],
  });
  const r = rows[0]!;
  if (!r.found) throw fail('ELECTION_NOT_FOUND');
  if (!r.current) return { eligible: false, reason: 'NOT_CURRENT_MEMBER' };
  if (!r.verified) return { eligible: false, reason: 'NOT_VERIFIED' };
  if (!(await isOnElectionRoll(pool, electionId, memberId))) return { eligible: false, reason: 'NOT_ON_ROLL' };
  return { eligible: true, reason: null };
}
