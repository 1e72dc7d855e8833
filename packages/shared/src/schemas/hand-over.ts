import * as z from 'zod';
import { okSchema, type WireOf } from './envelope.ts';

const sessionYear = z.string().regex(/^\d{4}-\d{4}$/, { error: 'The session must be written as 2027-2028' });

/** A member the hand-over moves: their level now and after, and whether their membership stops being current. */
export const handOverMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  matric_number: z.string(),
  level: z.string().nullable(),
  next_level: z.string().nullable(),
  /** Their current member role stops being current until they renew. */
  lapses: z.boolean(),
});
export type HandOverMember = z.output<typeof handOverMemberSchema>;

const sessionSummary = z.object({ id: z.string(), year: z.string(), starts_on: z.string(), ends_on: z.string(), dues_amount: z.number().int() });

/** GET /api/admin/hand-over: what starting the next session would do. */
export const handOverPreviewResponse = okSchema({
  from: sessionSummary,
  to: z.object({ year: z.string(), starts_on: z.string(), ends_on: z.string(), dues_amount: z.number().int(), exists: z.boolean() }),
  /** The next session was already started by a hand-over: applying is refused. */
  done: z.boolean(),
  counts: z.object({ promoted: z.number().int(), alumni: z.number().int(), lapsing: z.number().int(), members: z.number().int() }),
  members: z.array(handOverMemberSchema),
  how_to_renew: z.string(),
});
export type HandOverPreview = WireOf<typeof handOverPreviewResponse>;

/** POST /api/admin/hand-over: start the session named (the one after the current), leaving out these members. */
export const handOverApplySchema = z.object({
  to_year: sessionYear,
  exclude: z.array(z.uuid({ error: 'Each member left out must be a member id' })).max(20_000).default([]),
});

export const handOverApplyResponse = okSchema({
  message: z.string(),
  session: sessionSummary,
  counts: z.object({ promoted: z.number().int(), alumni: z.number().int(), lapsed: z.number().int(), excluded: z.number().int(), emailed: z.number().int() }),
});
export type HandOverApplyResult = WireOf<typeof handOverApplyResponse>;
