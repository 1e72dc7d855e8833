import type { VoterRule } from '@aesa/shared/elections';
import type pg from 'pg';
import { SESSION_CTES, sessionParams, type StatementSession } from '../auth/session.queries.ts';
import { meetsVoterRuleSql } from '../election-record/voter-rule.queries.ts';

/**
 * The whole vote in ONE statement (one round trip, one implicit transaction), prepared once per
 * connection, the voter's session included:
 * - found, touched: the session of the bearer token (auth/session.queries.ts SESSION_CTES), live
 *   and not idle, and its activity recorded; the voter is its member. Without a live session
 *   nothing below holds (every check needs the voter) and nothing is written;
 * - e, c0, r, roll, prior: plain reads (no locks) of the election (exists, publicly visible, its
 *   record not closed), the candidate, the voter's eligibility (a current member role verified by
 *   an admin, AND, until the roll is frozen, the election's voter rule: a financial member of its
 *   session under the financial rule; once the roll is frozen, being on it decides instead: nobody
 *   verified or paid after voting opened) and whether the voter already took part for the position;
 * - still_open: only when all of that holds, the election row is locked KEY SHARE (the lock the
 *   participation's foreign key takes anyway) and re-read in its latest version: closing the
 *   election's record holds the row FOR UPDATE, so a vote either commits before the close reads
 *   the ballots (and is in the record) or sees voting_closed_at and writes nothing: never counted
 *   but missing from the record (modules/election-record/settle.ts);
 * - c: only when all of that holds, the candidate row is locked FOR UPDATE and re-checked on its
 *   latest version (same election, same position). An admin moving or removing the candidate
 *   waits for this vote, or this vote sees the move: a vote never lands on a position its
 *   candidate left. A refused vote takes no lock and writes nothing, so it costs no commit flush;
 * - p: the participation (election, member, position, 10-minute period); its primary key makes a
 *   second vote for the position a no-op however the requests interleave (the `prior` read is
 *   only a shortcut);
 * - b: the ballot (election, position, candidate, receipt), written only when p wrote its row.
 *   It carries no voter and no time; its id is random (gen_random_uuid);
 * - t: the tally, raised only when the ballot was stored.
 * The final row carries what the service needs to name the rule that failed, without a second read.
 * No NOTIFY here: a transaction that notifies holds PostgreSQL's global notify lock through its
 * commit, which serialised every vote and cut throughput about six times when measured. Votes
 * are announced after commit instead, coalesced per election (results/vote-announcer.ts).
 */
const VOTER = '(select id from found)';
export const CAST_VOTE = {
  name: 'cast-vote',
  text: `${SESSION_CTES}, e as (
      select id, is_active, start_time, end_time, roll_frozen_at is not null as roll_frozen, voting_closed_at is not null as closed,
             voter_session, ${meetsVoterRuleSql(VOTER, 'elections')} as meets_rule
      from elections where id = $5 and is_publicly_visible and archived_at is null
    ), c0 as (
      select election_id, position from candidates where id = $6
    ), r as (
      select coalesce(bool_or(is_current and verified_by_admin), false) as eligible,
             coalesce(bool_or(is_current), false) as current
      from member_roles where user_id = ${VOTER}
    ), roll as (
      select exists (select 1 from election_rolls where election_id = $5 and member_id = ${VOTER}) as on_roll
    ), prior as (
      select exists (select 1 from election_participations where election_id = $5 and member_id = ${VOTER} and position = $7) as voted
    ), ok as (
      select 1 from found, e, c0, r, roll, prior
      where e.is_active and not e.closed and $2::timestamptz between e.start_time and e.end_time
        and c0.election_id = e.id and c0.position = $7 and r.eligible
        and (case when e.roll_frozen then roll.on_roll else e.meets_rule end) and not prior.voted
    ), still_open as (
      select 1 from elections
      where id = $5 and voting_closed_at is null and exists (select 1 from ok)
      for key share
    ), c as (
      select id, position from candidates
      where id = $6 and election_id = $5 and position = $7 and exists (select 1 from still_open)
      for update
    ), p as (
      insert into election_participations (election_id, member_id, position, voted_period)
      select $5, found.id, c.position, date_bin('10 minutes', $2::timestamptz, timestamptz '2000-01-01') from c, found
      on conflict (election_id, member_id, position) do nothing
      returning position
    ), b as (
      insert into ballots (election_id, position, candidate_id, receipt)
      select $5, c.position, c.id, $8 from c where exists (select 1 from p)
      returning candidate_id
    ), t as (
      update candidates set vote_count = vote_count + 1
      where id = (select candidate_id from b)
      returning id
    )
    select exists (select 1 from found) as signed_in, (select count(*) from t)::int as recorded, (select count(*) from c)::int as locked,
           (select count(*) from still_open)::int as still_open,
           e.id is not null as election_found, e.is_active, e.start_time, e.end_time,
           c0.election_id as candidate_election_id, c0.position as candidate_position,
           r.eligible, r.current, prior.voted, e.roll_frozen, e.closed, roll.on_roll, e.meets_rule, e.voter_session
    from r cross join roll cross join prior left join e on true left join c0 on true`,
};

export interface CastVoteRow {
  /** False for an unknown, revoked, expired or idle session: nothing was checked or written. */
  signed_in: boolean;
  recorded: number;
  locked: number;
  /** 0 when every check passed but the election's record was closed while this vote ran. */
  still_open: number;
  election_found: boolean;
  is_active: boolean | null;
  start_time: Date | null;
  end_time: Date | null;
  candidate_election_id: string | null;
  candidate_position: string | null;
  eligible: boolean;
  current: boolean;
  voted: boolean;
  roll_frozen: boolean | null;
  closed: boolean | null;
  on_roll: boolean;
  /** Verified aside, whether the voter meets the election's rule now (a financial member of its session, under the financial rule). */
  meets_rule: boolean | null;
  /** The session of a financial election; null for a verified one. */
  voter_session: string | null;
}

export async function castVote(
  pool: pg.Pool,
  v: { electionId: string; candidateId: string; session: StatementSession; position: string; now: Date; receipt: string },
): Promise<CastVoteRow> {
  const values = [...sessionParams(v.session, v.now), v.electionId, v.candidateId, v.position, v.receipt];
  const { rows } = await pool.query<CastVoteRow>({ ...CAST_VOTE, values });
  return rows[0]!;
}

/**
 * The positions that have candidates (one row each) and whether this member took part in each,
 * for the member signed in with the session (SESSION_CTES, as the vote): one round trip. Whom
 * they chose is not stored anywhere the server could read it back. `signed_in` false: no live
 * session, nothing read; `found` false: no such election for the public.
 */
export async function myParticipations(pool: pg.Pool, electionId: string, session: StatementSession, now: Date) {
  const { rows } = await pool.query<{ signed_in: boolean; found: boolean; position: string | null; voted: boolean }>({
    name: 'my-participations',
    text: `${SESSION_CTES}
      select exists (select 1 from found) as signed_in, e.id is not null as found, p.position, (ep.member_id is not null) as voted
      from (select 1) one
      left join elections e on e.id = $5 and e.is_publicly_visible and e.archived_at is null and exists (select 1 from found)
      left join (select distinct position from candidates where election_id = $5) p on e.id is not null
      left join election_participations ep on ep.election_id = e.id and ep.member_id = ${VOTER} and ep.position = p.position`,
    values: [...sessionParams(session, now), electionId],
  });
  return rows;
}

export interface ActiveElectionRow {
  id: string;
  title: string;
  description: string | null;
  start_time: Date;
  end_time: Date;
  is_active: boolean;
  results_published: boolean;
  voter_rule: VoterRule;
  voter_session: string | null;
  candidates: {
    id: string;
    user_id: string;
    position: string;
    manifesto: string | null;
    candidate_image_url: string | null;
    users: { name: string; profile_image_url: string | null; bio: string | null };
  }[];
}

/** Active, visible elections whose window ended no earlier than `endedSince`, with their candidates. */
export async function activeElections(pool: pg.Pool, endedSince: Date) {
  const { rows } = await pool.query<ActiveElectionRow>({
    name: 'active-elections',
    text: `
      select e.id, e.title, e.description, e.start_time, e.end_time, e.is_active, e.results_published, e.voter_rule, e.voter_session,
        coalesce((
          select json_agg(json_build_object(
                   'id', c.id, 'user_id', c.user_id, 'position', c.position, 'manifesto', c.manifesto,
                   'candidate_image_url', c.candidate_image_url,
                   'users', json_build_object('name', u.name, 'profile_image_url', u.profile_image_url, 'bio', u.bio))
                 order by u.name, c.id)
          from candidates c join users u on u.id = c.user_id
          where c.election_id = e.id
        ), '[]'::json) as candidates
      from elections e
      where e.is_active and e.is_publicly_visible and e.archived_at is null and e.end_time >= $1
      order by e.start_time, e.id
      limit 50`,
    values: [endedSince],
  });
  return rows;
}

/** Whether the election is listed, and whether one of its ballots has this receipt (nothing else of it). */
export async function receiptCounted(pool: pg.Pool, electionId: string, receipt: string) {
  const { rows } = await pool.query<{ found: boolean; counted: boolean }>({
    name: 'receipt-counted',
    text: `
      select exists (select 1 from elections where id = $1 and is_publicly_visible and archived_at is null) as found,
             exists (select 1 from ballots where election_id = $1 and receipt = $2) as counted`,
    values: [electionId, receipt],
  });
  return rows[0]!;
}

export interface EligibilityRow {
  found: boolean;
  current: boolean;
  verified: boolean;
  meets_rule: boolean;
  voter_session: string | null;
  roll_frozen: boolean;
  /** True while the roll is not frozen (the rule decides then); once frozen, whether the member is on it. */
  on_roll: boolean;
}

/**
 * What the eligibility read needs, in one prepared statement: whether the election exists for the
 * public, the member's current and verified roles, the election's voter rule (voter-rule.queries.ts),
 * and the roll check: the same rule as the vote statement's `roll` (before the roll is frozen it
 * asks nothing; once frozen, only the members on it).
 */
export async function eligibilityFacts(pool: pg.Pool, electionId: string, memberId: string): Promise<EligibilityRow> {
  const { rows } = await pool.query<EligibilityRow>({
    name: 'member-eligibility',
    text: `
      select e.id is not null as found,
             coalesce(bool_or(m.is_current), false) as current,
             coalesce(bool_or(m.is_current and m.verified_by_admin), false) as verified,
             coalesce(${meetsVoterRuleSql('$2', 'e')}, true) as meets_rule,
             e.voter_session, e.roll_frozen_at is not null as roll_frozen,
             coalesce((select roll_frozen_at is null from elections where id = $1), true)
               or exists (select 1 from election_rolls where election_id = $1 and member_id = $2) as on_roll
      from (select 1) one
      left join elections e on e.id = $1 and e.is_publicly_visible and e.archived_at is null
      left join member_roles m on m.user_id = $2
      group by e.id, e.voter_rule, e.voter_session, e.roll_frozen_at`,
    values: [electionId, memberId],
  });
  return rows[0]!;
}
