import * as z from 'zod';
import { CLASS_LIST_KINDS } from '../class-list.ts';
import { okSchema, type WireOf } from './envelope.ts';

/** POST /api/admin/members/import?dry_run=true|false (multipart `file`): the preview, or the apply. */
export const classListImportQuery = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'dry_run must be true or false' }).default('true'),
});

/** One row of the file as the import understood it: its line number in the file, what it is, and why. */
export const classListRowSchema = z.object({
  row: z.number().int(),
  kind: z.enum(CLASS_LIST_KINDS),
  matric_number: z.string(),
  name: z.string(),
  level: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  /** The account of a matched or conflicting row. */
  member: z.object({ id: z.string(), name: z.string(), current_level: z.string().nullable(), verified: z.boolean() }).nullable(),
  /** What applying this row does (or did): verify, a new level, list for later, or nothing. */
  changes: z.array(z.enum(['verify', 'level', 'pre_verify'])),
});
export type ClassListRow = z.output<typeof classListRowSchema>;

export const classListCountsSchema = z.object({
  rows: z.number().int(),
  matched: z.number().int(),
  not_registered: z.number().int(),
  conflict: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  /** Members the apply verifies (or verified), levels it changes, listed students it adds or updates. */
  to_verify: z.number().int(),
  level_changes: z.number().int(),
  pre_verified: z.number().int(),
  /** Rows whose apply changes something: 0 when the same file was already applied. */
  changed: z.number().int(),
});

export const classListReportResponse = okSchema({
  dry_run: z.boolean(),
  message: z.string(),
  counts: classListCountsSchema,
  rows: z.array(classListRowSchema),
});
export type ClassListReport = WireOf<typeof classListReportResponse>;
