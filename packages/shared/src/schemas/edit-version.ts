import * as z from 'zod';
import { failureSchema, replies, timestampSchema } from './envelope.ts';
import { coded } from './coded.ts';

// The zod pieces of versioned records (decision 054): the version a read gives and a change
// sends back, and the 409 answer to a change made from an older version.

/** A record's version as it leaves the server and as a change sends it back. */
export const versionSchema = z.number(coded('VERSION_INVALID')).int(coded('VERSION_INVALID')).min(1, coded('VERSION_INVALID')).max(999_999_999, coded('VERSION_INVALID'));

/** `version` in a change's body: optional there, because the If-Match header may carry it instead. */
export const versionField = { version: versionSchema.optional() };

/** Whether a change's body sets anything besides the version it was made from. */
export const setsSomething = (body: object) => Object.entries(body).some(([key, value]) => key !== 'version' && value !== undefined);

/** A body that carries only the version (a delete or a decision that sends nothing else). */
export const versionOnlyBody = z.object(versionField).optional();

/** Who saved the record last and when, from the audit log; null when it does not say (a seeded record). */
export const lastChangeSchema = z.object({
  by: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  at: timestampSchema,
});

/**
 * 409 EDIT_CONFLICT: the change was made from an older version. `current` is the record as it is
 * now, through the same schema as the route's own answer, so nothing more leaves than a read gives.
 */
export function conflictSchema<T extends z.ZodType>(current: T) {
  // Every 409 of the route goes through it: another reason (a name taken) has neither field.
  return failureSchema.extend({ current: current.optional(), last_change: lastChangeSchema.nullable().optional() });
}

/** The responses of a route that changes a versioned record: `replies` and the 409 with the current record. */
export function versionedReplies<T extends z.ZodType, I extends z.ZodType>(success: T, current: I) {
  return { ...replies(success), 409: conflictSchema(current) };
}

export type LastChange = z.output<typeof lastChangeSchema>;
