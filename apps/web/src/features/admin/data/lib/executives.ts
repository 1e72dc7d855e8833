import type { ExecutiveAdminItem } from '@aesa/shared/admin';
import { POSITIONS, type Position } from '@aesa/shared/constants';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/admin-messages.ts';
import { ADMIN_MSG } from '@aesa/shared/admin';

export interface Office {
  position: Position;
  holder: ExecutiveAdminItem | null;
  past: ExecutiveAdminItem[];
}

/** Whether a record holds its office now: current, and no end date or one still ahead. */
export function holdsOffice(item: ExecutiveAdminItem, now = Date.now()): boolean {
  if (typeof item.held === 'boolean') return item.held;
  return item.is_current && (!item.end_date || Date.parse(item.end_date) > now);
}

/** One entry per office in the spec's order, with its holder (the newest holding record) and earlier holders. */
export function officesOf(items: readonly ExecutiveAdminItem[], now = Date.now()): Office[] {
  return POSITIONS.map((position) => {
    const records = items.filter((item) => item.position === position).sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    const holder = records.find((item) => holdsOffice(item, now)) ?? null;
    return { position, holder, past: records.filter((item) => item !== holder) };
  });
}

/**
 * Why a member cannot take `position`, known before anything is asked or sent: the member holds
 * another office (the server would refuse) or already holds this one. Null when they can.
 */
export function assignRefusal(offices: readonly Office[], position: Position, user: { id: string; name: string }): string | null {
  const held = offices.find((o) => o.holder?.user_id === user.id);
  if (!held) return null;
  const name = user.name || 'This member';
  return held.position === position ? ADMIN_MSG.executiveSameOffice(name, position) : ADMIN_MSG.executiveAlreadyAssigned(name, held.position);
}

/** What the picker says under a member who holds an office, so the admin sees it before choosing. */
export function officeMark(offices: readonly Office[], userId: string): string | null {
  const held = offices.find((o) => o.holder?.user_id === userId);
  return held ? `Holds the ${held.position} office` : null;
}

/**
 * What the admin is told when an assignment fails. A refusal the server
 * explains (4xx: 'X is already assigned to Y…') is shown as it is; anything else (no answer,
 * timeout, server error) may have happened after the write, so the list is refreshed and the
 * admin is told the assignment may have succeeded.
 */
export function assignFailureText(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500) return error.message;
  return `Error creating executive: ${errorMessage(error)}. The assignment may have succeeded: the list has been refreshed, please check it before trying again.`;
}
