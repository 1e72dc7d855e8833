import * as z from 'zod';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// GET /api/elections/{id}/turnout and POST /api/elections/{id}/remind: electoral admins.
// Counts only: never who voted, never for whom.

export const turnoutResponse = okSchema({
  election_id: idSchema,
  /** Members who may vote: the frozen roll's size once it exists, else the eligible members now. */
  roll_size: z.number().int(),
  /** Members with at least one participation in the election. */
  voters: z.number().int(),
  /** Per position, the votes cast up to the end of each 10-minute period that had any (cumulative). */
  positions: z.array(
    z.object({
      position: z.string(),
      total: z.number().int(),
      points: z.array(z.object({ period: timestampSchema, votes: z.number().int() })),
    }),
  ),
  /** Eligible members who have not voted (what a reminder would reach), and when one may next be sent. */
  not_voted: z.number().int(),
  reminded_at: timestampSchema.nullable(),
  next_reminder_at: timestampSchema.nullable(),
});

export const reminderResponse = okSchema({ message: z.string(), queued: z.number().int(), reminded_at: timestampSchema });

export type TurnoutResponse = WireOf<typeof turnoutResponse>;
export type ReminderResponse = WireOf<typeof reminderResponse>;
