import * as z from 'zod';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { yearField } from './admin.ts';
import { executiveSchema } from './members.ts';

// GET /api/elections/{id}/winners (what installing would do) and POST
// /api/elections/{id}/install-winners {year}: electoral or data admins.

/** POST body: the session year the new council serves ("2025" or "2024-2025"). */
export const installWinnersSchema = z.object({ year: yearField });
export type InstallWinnersInput = z.input<typeof installWinnersSchema>;

const person = z.object({ user_id: idSchema, name: z.string() });
const candidate = person.extend({ candidate_id: idSchema, votes: z.number().int() });

/** One position with candidates: its winner (installed), or its tie or lack of votes (left alone). */
export const winnerPositionSchema = z.object({
  position: z.string(),
  outcome: z.enum(['winner', 'tie', 'no-votes']),
  winner: candidate.nullable(),
  /** Those sharing the most votes, when it is a tie. */
  tied: z.array(candidate),
  /** Whose term ends when the winner takes the office: the position's holders, and the winner's own other office. */
  ending: z.array(person.extend({ position: z.string() })),
});

/** 'not-final': before the final results; 'ready': may be installed; 'installed': done (once per election). */
export const winnersPreviewResponse = okSchema({
  election_id: idSchema,
  state: z.enum(['not-final', 'ready', 'installed']),
  installed_at: timestampSchema.nullable(),
  installed_year: z.string().nullable(),
  positions: z.array(winnerPositionSchema),
  /** The session the install form proposes: Finance's current session, else the one today falls in. */
  default_year: z.string(),
});

export const installWinnersResponse = okSchema({
  message: z.string(),
  election_id: idSchema,
  year: z.string(),
  positions: z.array(winnerPositionSchema),
  /** The current office holders after the change, as GET /api/executives answers them. */
  executives: z.array(executiveSchema),
});

export type WinnerPosition = WireOf<typeof winnerPositionSchema>;
export type WinnersPreviewResponse = WireOf<typeof winnersPreviewResponse>;
export type InstallWinnersResponse = WireOf<typeof installWinnersResponse>;
