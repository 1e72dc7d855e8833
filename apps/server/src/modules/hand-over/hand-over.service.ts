import { HAND_OVER_MSG, NEXT_LEVEL, nextSessionYear } from '@aesa/shared/hand-over';
import type { HandOverMember } from '@aesa/shared/schemas/hand-over';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import { queueMail } from '../mail/mail.service.ts';
import { lockMembershipYear } from '../class-list/class-list.queries.ts';
import * as q from './hand-over.queries.ts';

const LEVEL_OF_KEY: Record<string, string> = { '100': '100 Level', '200': '200 Level', '300': '300 Level', '400': '400 Level', '500': '500 Level' };
const nextLevel = (key: string | null) => (key && LEVEL_OF_KEY[key] ? NEXT_LEVEL[LEVEL_OF_KEY[key]]! : null);
const addYear = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
const summary = (s: q.SessionRow) => ({ id: s.id, year: s.year, starts_on: s.starts_on, ends_on: s.ends_on, dues_amount: s.dues_amount });

async function current(db: Db) {
  const from = await q.currentSession(db);
  if (!from) throw fail('HAND_OVER_NO_CURRENT_SESSION');
  return from;
}

/** What starting the next session would do: who moves up, who becomes an alumnus, whose membership lapses. */
export async function handOverPreview(db: Db) {
  const from = await current(db);
  const year = nextSessionYear(from.year);
  const existing = await q.sessionByYear(db, year);
  const members: HandOverMember[] = (await q.affectedMembers(db)).map((m) => ({
    id: m.id,
    name: m.name,
    matric_number: m.matric_number,
    level: m.current_level,
    next_level: nextLevel(m.level_key),
    lapses: m.lapses,
  }));
  return {
    from: summary(from),
    to: existing
      ? { year, starts_on: existing.starts_on, ends_on: existing.ends_on, dues_amount: existing.dues_amount, exists: true }
      : { year, starts_on: addYear(from.starts_on), ends_on: addYear(from.ends_on), dues_amount: from.dues_amount, exists: false },
    done: await q.handOverDone(db, year),
    counts: {
      promoted: members.filter((m) => m.next_level && m.next_level !== 'Alumni').length,
      alumni: members.filter((m) => m.next_level === 'Alumni').length,
      lapsing: members.filter((m) => m.lapses).length,
      members: members.length,
    },
    members,
    how_to_renew: HAND_OVER_MSG.howToRenew,
  };
}

function renewMail(associationName: string, publicUrl: string, year: string, name: string, level: string | null) {
  return {
    subject: `${associationName}: session ${year} has started, renew your membership`,
    text:
      `Dear ${name || 'member'},\n\nThe ${associationName} has started session ${year}.` +
      (level ? ` Your level is now ${level}.` : '') +
      `\n\nYour membership for the new session is not current yet, so you cannot vote in the association's elections until it is renewed.\n\n` +
      `${HAND_OVER_MSG.howToRenew}\n\nYour profile: ${publicUrl}/profile\n`,
  };
}

/**
 * Starts the next session in one transaction (the audited request's, under the lock the class
 * list import takes): creates it if needed (a year on, the same dues) and makes it current, moves
 * levels up (500 Level to Alumni), makes every current member role not current, records the
 * hand-over (so a second one for the same session is refused) and queues the renewal e-mail to
 * each affected member. Members in `exclude` are left exactly as they are. Decision 051.
 */
export async function startNextSession(db: Db, config: AppConfig, input: { to_year: string; exclude: string[] }, adminId: string | null) {
  await lockMembershipYear(db);
  if (await q.handOverDone(db, input.to_year)) throw fail('HAND_OVER_ALREADY_DONE', input.to_year);
  const from = await current(db);
  const year = nextSessionYear(from.year);
  if (input.to_year !== year) throw fail('HAND_OVER_WRONG_SESSION', year);
  const now = config.clock();
  const excluded = new Set(input.exclude);
  const exclude = [...excluded];
  const affected = (await q.affectedMembers(db)).filter((m) => !excluded.has(m.id));

  const to = await q.ensureSession(db, from, year, now);
  await q.makeCurrent(db, from, to, now);
  const moved = await q.moveLevels(db, exclude, now);
  const lapsed = await q.lapseMemberships(db, exclude, now);
  await q.recordHandOver(db, { sessionId: to.id, fromId: from.id, by: adminId, ...moved, lapsed, excluded: exclude.length, now });

  const mails = affected.filter((m) => m.email).map((m) => ({ to: m.email, ...renewMail(config.associationName, config.publicUrl, year, m.name, nextLevel(m.level_key) ?? m.current_level) }));
  // One statement per 5,000 messages keeps each under PostgreSQL's limit of parameters.
  for (let i = 0; i < mails.length; i += 5000) await queueMail(db, mails.slice(i, i + 5000), { smtp: !!config.smtpUrl });

  return {
    message: HAND_OVER_MSG.started(year),
    session: summary(to),
    counts: { ...moved, lapsed, excluded: exclude.length, emailed: mails.length },
  };
}
