import * as z from 'zod';
import { ERRORS, type ErrorCode } from '../error-codes.ts';
import { coded } from './coded.ts';

// The one JSON shape of every answer: `{success:true, …}` or `{success:false, error, code?}`.
// Route response schemas are built from these, so the server serialises exactly the fields a
// schema names (nothing else leaves it) and the OpenAPI document shows the same shapes.

/**
 * Every failure: the message (for a reader of the raw answer), the reason's stable code
 * (error-codes.ts) by which a screen chooses its own text, the arguments of a parameterised
 * message, and the input the refusal is about when it is about one.
 */
export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]),
  params: z.array(z.union([z.string(), z.number(), z.array(z.string())])).optional(),
  field: z.string().optional(),
});

/** A success answer with these fields next to `success: true`. */
export function okSchema<S extends z.ZodRawShape>(shape: S) {
  return z.object({ success: z.literal(true), ...shape });
}

/** A success answer that says only that it worked, with a message for the member. */
export const okMessageSchema = okSchema({ message: z.string() });

/**
 * A moment in time. The database gives the server a Date, which JSON carries as ISO 8601 text;
 * some queries already give the text. Both serialise to the same string.
 */
export const timestampSchema = z.union([z.date(), z.string()]);

/**
 * A row id in the URL path. Text that cannot be a uuid names nothing, so the server answers it
 * like an unknown id: 404 with `notFound`, the code of that kind of row.
 */
export const pathIdSchema = (notFound: ErrorCode) => z.uuid(coded(notFound as 'NOT_FOUND'));

/** A row id (uuid) as it leaves the server. */
export const idSchema = z.string();

/**
 * The responses of a route: its success schema under `status`, and the failure shape for every
 * 4xx and 5xx answer (the error plugin sends those).
 */
export function replies<T extends z.ZodType, C extends 200 | 201 = 200>(success: T, status?: C) {
  return { [status ?? 200]: success, '4xx': failureSchema, '5xx': failureSchema } as Record<C, T> & Failures;
}
type Failures = { '4xx': typeof failureSchema; '5xx': typeof failureSchema };

/** What the server sends for a schema: dates become ISO text on the wire. */
export type Wire<T> = T extends Date ? string : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/** The JSON a client receives for a response schema. */
export type WireOf<S extends z.ZodType> = Wire<z.output<S>>;
