import { electionStatus } from '@aesa/shared/elections';
import { REMINDER_INTERVAL_MS, REMINDER_MSG, reminderMail } from '@aesa/shared/turnout';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dateTimeText } from '../../lib/date-text.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './turnout.queries.ts';

/** When the next reminder may be sent, or null when it may be sent now. */
function nextReminderAt(remindedAt: Date | null, now: Date): Date | null {
  if (!remindedAt) return null;
  const next = new Date(remindedAt.getTime() + REMINDER_INTERVAL_MS);
  return next > now ? next : null;
}

/** Turnout in counts: per position over time, the roll's share that voted, how many a reminder would reach. */
export async function turnout(db: Db, id: string, now: Date) {
  const election = await q.findElection(db, id);
  if (!election) throw fail('ELECTION_NOT_FOUND');
  const [points, counts] = [await q.votesOverTime(db, id), await q.rollCounts(db, id)];
  const positions = new Map<string, { position: string; total: number; points: { period: string; votes: number }[] }>();
  for (const p of points) {
    let entry = positions.get(p.position);
    if (!entry) positions.set(p.position, (entry = { position: p.position, total: 0, points: [] }));
    entry.points.push({ period: new Date(p.period).toISOString(), votes: p.votes });
    entry.total = p.votes;
  }
  return {
    election_id: id,
    roll_size: counts.roll_size,
    voters: counts.voters,
    positions: [...positions.values()],
    not_voted: counts.not_voted,
    reminded_at: election.reminded_at,
    next_reminder_at: nextReminderAt(election.reminded_at, now),
  };
}

/**
 * Queues one reminder e-mail per eligible member who has not voted, while voting is open, at
 * most once per election per 12 hours. Runs in the request transaction (with its audit entry) on
 * the election row locked FOR UPDATE: of two admins clicking at once, the second waits for the
 * first to commit, then reads its reminded_at and is refused. Nothing is queued twice.
 */
export async function remind(db: Db, config: Pick<AppConfig, 'associationName' | 'publicUrl' | 'locale' | 'timeZone' | 'smtpUrl'>, id: string, now: Date) {
  const election = await q.findElection(db, id, true);
  if (!election) throw fail('ELECTION_NOT_FOUND');
  if (!election.is_active || electionStatus(election.start_time, election.end_time, now) !== 'active') throw fail('ELECTION_REMINDER_NOT_OPEN');
  const next = nextReminderAt(election.reminded_at, now);
  if (next) throw fail('ELECTION_REMINDER_TOO_SOON', dateTimeText(config, next));
  const mail = reminderMail(config.associationName, {
    title: election.title,
    endsText: dateTimeText(config, election.end_time),
    link: `${config.publicUrl}/election/${election.id}`,
  });
  const queued = await q.queueReminders(db, id, { ...mail, status: config.smtpUrl ? 'pending' : 'kept' });
  if (queued === 0) throw fail('ELECTION_REMINDER_NOBODY');
  await q.markReminded(db, id, now);
  return { message: REMINDER_MSG.queued(queued), queued, reminded_at: now };
}
