import { eq, sql, type SQL } from 'drizzle-orm';
import { elections } from '../../db/schema.ts';
import { turnedOff } from '../notifications/notifications.queries.ts';
import type { Executor } from '../../db/tx.ts';

// Turnout and reminders read counts only. A participation row says that a member voted for a
// position in a 10-minute period, never for whom; these queries never return a member id either,
// except to queue the reminders, inside the database.

/** Members the vote accepts now: a current role verified by an admin. */
const eligibleNow = sql`select r.user_id as member_id from member_roles r where r.is_current and r.verified_by_admin group by r.user_id`;

/**
 * The members who may vote in the election: the frozen roll (election_rolls) once voting has
 * opened, before that every member eligible now. A member on the roll who is no longer eligible
 * cannot vote either (the vote checks both), so is not counted as someone to remind.
 */
function rollMembers(electionId: string): SQL {
  return sql`
    select roll.member_id from election_rolls roll
    where roll.election_id = ${electionId} and roll.member_id in (${eligibleNow})
    union
    select now_eligible.member_id from (${eligibleNow}) now_eligible
    where not exists (select 1 from elections e where e.id = ${electionId} and e.roll_frozen_at is not null)`;
}

const electionColumns = {
  id: elections.id,
  title: elections.title,
  start_time: elections.start_time,
  end_time: elections.end_time,
  is_active: elections.is_active,
  reminded_at: elections.reminded_at,
};

/** The election; `lock`: its row locked until the transaction ends, so two reminders take turns on it. */
export async function findElection(db: Executor, id: string, lock = false) {
  const query = db.select(electionColumns).from(elections).where(eq(elections.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Per position and 10-minute period, the votes cast up to the end of that period (cumulative). */
export async function votesOverTime(db: Executor, electionId: string) {
  const { rows } = await db.execute<{ position: string; period: string; votes: number }>(sql`
    with per_period as (
      select position, voted_period, count(*) as n
      from election_participations where election_id = ${electionId}
      group by position, voted_period
    )
    select position, to_json(voted_period) #>> '{}' as period, (sum(n) over (partition by position order by voted_period))::int as votes
    from per_period order by position, voted_period`);
  return rows;
}

/**
 * The roll's size (as frozen, else the members eligible now), how many members have voted for
 * at least one position, and how many on the roll have not (with an address to remind).
 */
export async function rollCounts(db: Executor, electionId: string) {
  const { rows } = await db.execute<{ roll_size: number; voters: number; not_voted: number }>(sql`
    with roll as (${rollMembers(electionId)}),
    voted as (select distinct member_id from election_participations where election_id = ${electionId})
    select coalesce((select roll_size from elections where id = ${electionId}), (${sql`select count(*) from (${eligibleNow}) n`}))::int as roll_size,
           (select count(*) from voted)::int as voters,
           (select count(*) from roll join users u on u.id = roll.member_id
              where u.email_verified_at is not null and not ${turnedOff('election_notices', sql`roll.member_id`)}
                and roll.member_id not in (select member_id from voted))::int as not_voted`);
  return rows[0]!;
}

/**
 * One reminder in the mail outbox per member on the roll with a confirmed address, no
 * participation in the election and election notices on (it is an election notice, with its
 * unsubscribe link), in one statement; answers how many were queued.
 */
export async function queueReminders(db: Executor, electionId: string, mail: { subject: string; text: string; status: 'pending' | 'kept' }) {
  const result = await db.execute(sql`
    insert into mail_outbox (to_address, subject, text_body, status, kind, user_id)
    select distinct u.email, ${mail.subject}::text, ${mail.text}::text, ${mail.status}::text, 'election_notices', u.id
    from (${rollMembers(electionId)}) roll join users u on u.id = roll.member_id
    where u.email_verified_at is not null and not ${turnedOff('election_notices', sql`u.id`)}
      and not exists (select 1 from election_participations p where p.election_id = ${electionId} and p.member_id = roll.member_id)`);
  return result.rowCount ?? 0;
}

export async function markReminded(db: Executor, id: string, at: Date) {
  await db.update(elections).set({ reminded_at: at }).where(eq(elections.id, id));
}
