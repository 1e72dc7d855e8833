import * as z from 'zod';
import { okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { normaliseReceipt, RECEIPT_MSG } from '../receipts.ts';

// The answers of the voter roll and election record routes (modules/election-record). The board
// and record files themselves are plain files (text), described in election-record.ts.

/** The roll and the record's heads as the elections page shows them. */
export const rollSummarySchema = z.object({
  /** When the roll was frozen (voting opened); null before. */
  frozen_at: timestampSchema.nullable(),
  size: z.number().int().nullable(),
  fingerprint: z.string().nullable(),
  /** The salt of the fingerprint: null until voting closed. */
  salt: z.string().nullable(),
  /** Whether the signed-in member is on the roll; null for visitors and before the roll is frozen. */
  on_roll: z.boolean().nullable(),
  /** The record's head hash when voting opened, and when it closed. */
  opened_hash: z.string().nullable(),
  closed_hash: z.string().nullable(),
  /** The board and the record are public: the final results are published. */
  board_published: z.boolean(),
});

export const rollSummaryResponse = okSchema({ roll: rollSummarySchema });
export type RollSummary = WireOf<typeof rollSummarySchema>;
export type RollSummaryResponse = WireOf<typeof rollSummaryResponse>;

/** A file answered as text (CSV or JSON bytes whose SHA-256 is in the X-Content-SHA256 header). */
export const fileTextResponse = z.string().describe('The file, as text; its SHA-256 (hex) is in the X-Content-SHA256 header.');

/** Find my receipt (the board page): a receipt as typed or pasted, turned into its shown form. */
export const receiptLookupSchema = z.object({
  receipt: z.string().transform((typed, ctx) => {
    const receipt = normaliseReceipt(typed);
    if (!receipt) ctx.addIssue({ code: 'custom', message: RECEIPT_MSG.invalid });
    return receipt ?? '';
  }),
});
export type ReceiptLookup = z.output<typeof receiptLookupSchema>;
