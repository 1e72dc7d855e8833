import type { FastifyInstance } from 'fastify';
import { CHECK_IN_MSG, type CheckInInput, type CheckInItem } from '@aesa/shared/check-in';
import { fail } from '../../lib/app-error.ts';
import { timeText } from '../../lib/date-text.ts';
import { qrRows } from '../../lib/qr-rows.ts';
import { membershipCode, newCodeId, verifiedCodeId } from './membership-code.ts';
import * as q from './check-in.queries.ts';

// ------------------------------------------------------------------ the member's own code

function codeAnswer(app: FastifyInstance, row: { code_id: string; created_at: Date }) {
  const code = membershipCode(app.config, row.code_id);
  return { code, qr: qrRows(code), created_at: row.created_at };
}

/** The member's code, made the first time they ask for it. */
export async function ownCode(app: FastifyInstance, userId: string) {
  const row = (await q.findCode(app.db, userId)) ?? (await q.createCode(app.db, userId, newCodeId(), app.clock()));
  return codeAnswer(app, row);
}

/** A new code for the member; the old one is void from now on. */
export async function renewCode(app: FastifyInstance, userId: string) {
  return codeAnswer(app, await q.replaceCode(app.db, userId, newCodeId(), app.clock()));
}

// ------------------------------------------------------------------ the door

async function existingEvent(app: FastifyInstance, eventId: string) {
  const event = await q.findEventStatus(app.db, eventId);
  if (!event) throw fail('EVENT_NOT_FOUND');
  return event;
}

async function memberAtTheDoor(app: FastifyInstance, input: CheckInInput): Promise<{ member: q.CheckedInMember; via: 'code' | 'matric' }> {
  if (input.code !== undefined) {
    const codeId = verifiedCodeId(app.config, input.code);
    if (!codeId) throw fail('CHECK_IN_CODE_INVALID');
    // Signed by us but no longer on file: the member renewed it (or the account is gone).
    const member = await q.memberByCodeId(app.db, codeId);
    if (!member) throw fail('CHECK_IN_CODE_VOIDED');
    return { member, via: 'code' };
  }
  const member = await q.memberByMatric(app.db, input.matric_number!);
  if (!member) throw fail('CHECK_IN_MATRIC_UNKNOWN');
  return { member, via: 'matric' };
}

function toItem(row: q.CheckInRow): CheckInItem {
  return {
    member: row.member,
    checked_in_at: row.checked_in_at.toISOString(),
    via: row.via,
    checked_in_by: row.checker_id ? { id: row.checker_id, name: row.checker_name ?? '' } : null,
  };
}

/**
 * Checks a member in at an event by their code or matric number. A second check-in of the same
 * member is not an error (a code shown twice at a busy door is normal): it records nothing and
 * says when the member came in (decision 065).
 */
export async function checkIn(app: FastifyInstance, eventId: string, input: CheckInInput, adminId: string) {
  const event = await existingEvent(app, eventId);
  if (event.status === 'cancelled') throw fail('CHECK_IN_EVENT_CANCELLED');
  const { member, via } = await memberAtTheDoor(app, input);
  const recorded = await q.insertCheckIn(app.db, { eventId, userId: member.id, by: adminId, via, now: app.clock() });
  const row = (await q.findCheckIn(app.db, eventId, member.id))!;
  const message = recorded ? CHECK_IN_MSG.checkedIn(member.name) : CHECK_IN_MSG.alreadyCheckedIn(timeText(app.config, row.checked_in_at));
  return { already: !recorded, message, check_in: toItem(row) };
}

export async function eventCheckIns(app: FastifyInstance, eventId: string) {
  await existingEvent(app, eventId);
  const rows = await q.listCheckIns(app.db, eventId);
  return { data: rows.map(toItem), total: rows.length };
}

export const attendedEvents = q.attendedEvents;
