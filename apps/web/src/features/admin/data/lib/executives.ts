import type { ExecutiveAdminItem } from '@aesa/shared/admin';
import { POSITIONS, type Position } from '@aesa/shared/constants';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/admin-messages.ts';
import { toWallTimeInput } from '@/lib/format-date.ts';

/** The year a new executive gets by default: the current year on the association's calendar (its time zone). */
export const currentYear = (now = new Date()) => toWallTimeInput(now).slice(0, 4);

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
 * What the admin is told when an assignment fails. A refusal the server
 * explains (4xx: 'X is already assigned to Y…') is shown as it is; anything else (no answer,
 * timeout, server error) may have happened after the write, so the list is refreshed and the
 * admin is told the assignment may have succeeded.
 */
export function assignFailureText(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500) return error.message;
  return `Error creating executive: ${errorMessage(error)}. The assignment may have succeeded: the list has been refreshed, please check it before trying again.`;
}
