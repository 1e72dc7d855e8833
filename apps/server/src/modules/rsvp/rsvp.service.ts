import type { EventStatus } from '@aesa/shared/events';
import { REMINDER_BEFORE_MS, RSVP_EVENT_STATUSES, type RsvpAnswer } from '@aesa/shared/rsvp';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { fail } from '../../lib/app-error.ts';
import { queueMail } from '../mail/mail.service.ts';
import { changeMail, placeMail, reminderMail, type EventChange, type EventFacts, type MailConfig } from './rsvp.mails.ts';
import * as q from './rsvp.queries.ts';

// Members' answers to events. Every answer is taken inside a transaction holding the event's row
// lock (SELECT ... FOR UPDATE), so answers to one event are counted one at a time: of many
// members answering Going for the last place at once, exactly one gets it and the others join the
// waitlist in the order their answers were taken. An admin's edit of the event takes the same
// lock (its UPDATE), so a capacity change and answers never see each other half done.

interface Capacity {
  capacity: number | null;
}

/** How many waitlisted members may move up now: the free places (null: no limit, all of them). */
function freePlaces(event: Capacity, going: number): number | null {
  return event.capacity === null ? null : Math.max(0, event.capacity - going);
}

/** The event's sign-ups as a member sees them. */
export async function signUps(db: Executor, event: Capacity & { id: string; rsvp_open: boolean }) {
  const counts = await q.countByStatus(db, event.id);
  return { open: event.rsvp_open, capacity: event.capacity, ...counts, places_left: freePlaces(event, counts.going) };
}

async function stateOf(db: Executor, eventId: string, userId: string) {
  const row = await q.findRsvp(db, eventId, userId);
  if (!row) return null;
  const waitlist_place = row.status === 'waitlisted' ? await q.waitlistPlace(db, eventId, row.place_order) : null;
  return { answer: row.answer, status: row.status, waitlist_place, answered_at: row.answered_at };
}

/** An event that takes answers: upcoming (and not started yet) or postponed. */
function refuseUnlessAnswerable(event: { status: EventStatus; event_date: Date }, now: Date) {
  if (event.status === 'cancelled') throw fail('RSVP_EVENT_CANCELLED');
  if (!(RSVP_EVENT_STATUSES as readonly string[]).includes(event.status)) throw fail('RSVP_EVENT_OVER');
  if (event.status === 'upcoming' && event.event_date <= now) throw fail('RSVP_EVENT_OVER');
}

/** The member's own answer to an event (null before they answered) and the event's sign-ups. */
export async function ownRsvp(db: Db, eventId: string, userId: string) {
  const event = await q.findEventForMember(db, eventId);
  if (!event) throw fail('EVENT_NOT_FOUND');
  return { rsvp: await stateOf(db, eventId, userId), sign_ups: await signUps(db, event) };
}

/**
 * Takes a member's answer. Going: a place while the event has one (and nobody is waiting ahead),
 * else the end of the waitlist; refused while sign-ups are closed. Not going: always accepted
 * while the event takes answers, and a place it frees goes to the first on the waitlist.
 * Giving the answer one already gave changes nothing (the waitlist place is kept).
 */
export async function answer(db: Db, config: MailConfig, eventId: string, userId: string, answer: RsvpAnswer, now: Date) {
  return db.transaction(async (tx) => {
    const event = await q.lockEvent(tx, eventId);
    if (!event) throw fail('EVENT_NOT_FOUND');
    refuseUnlessAnswerable(event, now);
    const before = await q.findRsvp(tx, eventId, userId);
    if (before?.answer !== answer) {
      if (answer === 'going') {
        if (!event.rsvp_open) throw fail('RSVP_CLOSED');
        const counts = await q.countByStatus(tx, eventId);
        const free = freePlaces(event, counts.going);
        const status = counts.waitlisted === 0 && (free === null || free > 0) ? 'going' : 'waitlisted';
        await q.saveAnswer(tx, { eventId, userId, answer, status, at: now });
      } else {
        await q.saveAnswer(tx, { eventId, userId, answer, status: 'not_going', at: now });
        if (before?.status === 'going') await fillFreePlaces(tx, config, event);
      }
    }
    return { rsvp: (await stateOf(tx, eventId, userId))!, sign_ups: await signUps(tx, event) };
  });
}

/**
 * Moves waitlisted members up into the places free now, in the order they answered, and queues
 * the e-mail that tells each of them (if they want event updates). Runs under the event's lock.
 */
export async function fillFreePlaces(tx: Executor, config: MailConfig, event: EventFacts & Capacity) {
  const { going, waitlisted } = await q.countByStatus(tx, event.id);
  const free = freePlaces(event, going);
  if (waitlisted === 0 || free === 0) return 0;
  const moved = await q.promoteWaitlisted(tx, event.id, free);
  const mail = placeMail(config, event);
  // No once-only key: each promotion is one row change in this transaction, so its mail is queued once with it.
  await queueMail(
    tx,
    moved.filter((m) => m.event_updates).map((m) => ({ to: m.email, ...mail, kind: 'event_updates' as const, userId: m.user_id })),
    { smtp: !!config.smtpUrl },
  );
  return moved.length;
}

interface EventState extends EventFacts {
  status: EventStatus;
  version: number;
}

/** What an admin's edit changed that members who signed up must hear of; null when nothing. */
export function changeOf(before: EventState, after: EventState): EventChange | null {
  const c: EventChange = {
    cancelled: after.status === 'cancelled' && before.status !== 'cancelled',
    postponed: after.status === 'postponed' && before.status !== 'postponed',
    onAgain: after.status === 'upcoming' && (before.status === 'postponed' || before.status === 'cancelled'),
    newDate: after.event_date.getTime() !== before.event_date.getTime(),
    newPlace: after.location !== before.location,
  };
  // An event that is over (done or past) needs no notice of its last edits.
  if (after.status === 'done' || after.status === 'past') return null;
  return Object.values(c).some(Boolean) ? c : null;
}

/**
 * After an admin's edit (in its transaction): places freed by a larger capacity go to the
 * waitlist, and members going or waitlisted who want event updates hear what changed, once per
 * version of the event (the key holds it, so one change is one e-mail each).
 */
export async function afterEventEdit(tx: Executor, config: MailConfig, before: EventState, after: EventState & Capacity) {
  await fillFreePlaces(tx, config, after);
  const change = changeOf(before, after);
  if (!change) return;
  const members = await q.goingMembersWantingUpdates(tx, after.id);
  const mail = changeMail(config, after, change);
  await queueMail(
    tx,
    members.map((m) => ({ to: m.email, ...mail, kind: 'event_updates' as const, userId: m.user_id, dedupeKey: `event-change:${after.id}:${after.version}:${m.user_id}` })),
    { smtp: !!config.smtpUrl },
  );
}

/**
 * Queues the reminder for every member going to an upcoming event that starts within 24 hours.
 * Safe to run in any number of processes at once: each reminder has a once-only key
 * (event, member and the event's date), so the outbox keeps the first and ignores the others.
 */
export async function queueDueReminders(db: Db, config: MailConfig, now: Date) {
  const due = await q.dueReminders(db, now, REMINDER_BEFORE_MS);
  const messages = due.map((r) => ({
    to: r.email,
    ...reminderMail(config, { id: r.event_id, title: r.title, location: r.location, event_date: new Date(r.event_date) }),
    kind: 'event_updates' as const,
    userId: r.user_id,
    dedupeKey: r.dedupe_key,
  }));
  for (let i = 0; i < messages.length; i += 1000) await queueMail(db, messages.slice(i, i + 1000), { smtp: !!config.smtpUrl });
  return messages.length;
}
