import * as z from 'zod';
import { DUES_LEVEL_KEYS, FINANCE_LIMITS, FINANCE_MSG, MEMBERSHIP_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, isSessionYear } from '../finance.ts';
import { conflictSchema, versionField } from './edit-version.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { coded } from './coded.ts';

// The requests and answers of sessions, payments and the Membership card. The Finance screen's
// forms validate with these schemas, so the rules they show are the ones the server enforces.

// ---------------------------------------------------------------------------------------------
// Requests

const day = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.iso.date({ error: FINANCE_MSG.dateInvalid }));

const duesAmount = z.coerce
  .number(coded('SESSION_DUES_INVALID'))
  .int(coded('SESSION_DUES_INVALID'))
  .min(0, coded('SESSION_DUES_INVALID'))
  .max(FINANCE_LIMITS.amountMax, coded('SESSION_DUES_INVALID'));

const duesByLevel = z
  .partialRecord(z.enum(DUES_LEVEL_KEYS, { error: FINANCE_MSG.levelInvalid }), duesAmount, { error: FINANCE_MSG.levelInvalid })
  .nullable()
  .optional()
  .transform((v) => (v && Object.keys(v).length > 0 ? (v as Record<string, number>) : v === undefined ? undefined : null));

const sessionFields = {
  year: z.string(coded('SESSION_YEAR_INVALID')).trim().refine(isSessionYear, coded('SESSION_YEAR_INVALID')),
  starts_on: day(FINANCE_MSG.startRequired),
  ends_on: day(FINANCE_MSG.endRequired),
  dues_amount: z.union([z.literal(''), duesAmount], coded('SESSION_DUES_INVALID')).refine((v) => v !== '', { error: FINANCE_MSG.duesRequired }).transform((v) => v as number),
  dues_by_level: duesByLevel,
  is_current: z.boolean().optional(),
};

const datesInOrder = (v: { starts_on?: string; ends_on?: string }) => !v.starts_on || !v.ends_on || v.ends_on > v.starts_on;

/** POST /api/admin/sessions. */
export const sessionCreateSchema = z.object(sessionFields).refine(datesInOrder, { ...coded('SESSION_END_BEFORE_START'), path: ['ends_on'] });
/** PATCH /api/admin/sessions/{id}: any subset, with the version edited (or If-Match). */
export const sessionUpdateSchema = z
  .object({
    year: sessionFields.year.optional(),
    starts_on: sessionFields.starts_on.optional(),
    ends_on: sessionFields.ends_on.optional(),
    dues_amount: duesAmount.optional(),
    dues_by_level: duesByLevel,
    is_current: z.boolean().optional(),
    ...versionField,
  })
  .refine(datesInOrder, { ...coded('SESSION_END_BEFORE_START'), path: ['ends_on'] });

const amount = z.coerce
  .number(coded('PAYMENT_AMOUNT_INVALID'))
  .int(coded('PAYMENT_AMOUNT_INVALID'))
  .min(1, coded('PAYMENT_AMOUNT_INVALID'))
  .max(FINANCE_LIMITS.amountMax, coded('PAYMENT_AMOUNT_INVALID'));
const requiredAmount = z.union([z.literal(''), amount], coded('PAYMENT_AMOUNT_INVALID')).refine((v) => v !== '', coded('PAYMENT_AMOUNT_REQUIRED')).transform((v) => v as number);
const reference = z
  .string()
  .trim()
  .max(FINANCE_LIMITS.referenceMax, { error: FINANCE_MSG.referenceTooLong })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
const reason = z
  .string(coded('PAYMENT_REASON_REQUIRED'))
  .trim()
  .min(FINANCE_LIMITS.reasonMin, coded('PAYMENT_REASON_REQUIRED'))
  .max(FINANCE_LIMITS.reasonMax, { error: FINANCE_MSG.reasonTooLong });
const method = z.enum(PAYMENT_METHODS, { error: FINANCE_MSG.methodInvalid });

/** The text fields of POST /api/membership/payments (multipart, beside the `proof` file). */
export const proofFieldsSchema = z.object({ amount: requiredAmount, reference });
/** POST /api/admin/payments/{id}/approve: what was received, as the officer checked it. */
export const paymentApproveSchema = z.object({ amount: requiredAmount, method, reference, ...versionField });
/** POST /api/admin/payments/{id}/reject and /void. */
export const paymentReasonSchema = z.object({ reason, ...versionField });
/** POST /api/admin/payments: a payment an officer received (cash at the desk, say), approved at once. */
export const cashPaymentSchema = z.object({
  user_id: z.uuid({ error: FINANCE_MSG.memberRequired }),
  amount: requiredAmount,
  method: method.default('cash'),
  reference,
});

export const paymentsQuery = z.object({
  session: z.uuid({ error: FINANCE_MSG.sessionNotFound }).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const sessionItemSchema = z.object({
  id: idSchema,
  year: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  dues_amount: z.number(),
  dues_by_level: z.record(z.string(), z.number()).nullable(),
  is_current: z.boolean(),
  version: z.number(),
});
export const sessionsResponse = okSchema({ sessions: z.array(sessionItemSchema) });
export const sessionResponse = okSchema({ session: sessionItemSchema, message: z.string() });
/** 409 EDIT_CONFLICT: the record as it is now, for the officer to review. */
export const sessionConflictSchema = conflictSchema(sessionItemSchema);

export const adminPaymentSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  member_name: z.string(),
  matric_number: z.string().nullable(),
  level: z.string().nullable(),
  session_id: idSchema,
  session_year: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  has_proof: z.boolean(),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  receipt_number: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  version: z.number(),
});
export const figuresSchema = z.object({
  /** Members with an approved payment for the session. */
  financial_members: z.number(),
  pending: z.number(),
  /** The sum of the approved payments (naira). */
  total_collected: z.number(),
});
export const adminPaymentsResponse = okSchema({ session: sessionItemSchema.nullable(), payments: z.array(adminPaymentSchema), figures: figuresSchema.nullable() });
export const paymentDecisionResponse = okSchema({ payment: adminPaymentSchema, message: z.string() });
export const paymentConflictSchema = conflictSchema(adminPaymentSchema);

/** A member's own payment: what the officers' list shows, less who recorded and decided it. */
export const memberPaymentSchema = adminPaymentSchema.pick({
  id: true,
  session_year: true,
  amount: true,
  method: true,
  reference: true,
  has_proof: true,
  status: true,
  reason: true,
  receipt_number: true,
  created_at: true,
  decided_at: true,
});
const sessionStanding = z.object({ year: z.string(), financial: z.boolean() });
export const membershipResponse = okSchema({
  /** The current session and what the member owes for it; null when none is current. */
  current: z
    .object({
      session: sessionItemSchema.omit({ version: true }),
      status: z.enum(MEMBERSHIP_STATUSES),
      dues: z.number(),
    })
    .nullable(),
  /** Earlier sessions, newest first: financial when a payment for it was approved. */
  history: z.array(sessionStanding),
  payments: z.array(memberPaymentSchema),
});
export const memberPaymentResponse = okSchema({ payment: memberPaymentSchema, message: z.string() });

/** GET /api/membership/payments/{id}/proof: the stored file itself. */
export const proofFileResponse = z.string().describe('The proof of payment: image/webp (re-encoded) or application/pdf.');

export const receiptResponse = okSchema({
  receipt: z.object({
    receipt_number: z.string(),
    association_name: z.string(),
    member_name: z.string(),
    matric_number: z.string().nullable(),
    session_year: z.string(),
    amount: z.number(),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
    reason: z.string().nullable(),
    decided_at: timestampSchema.nullable(),
    decided_by_name: z.string().nullable(),
  }),
});

export type SessionCreateInput = z.infer<typeof sessionCreateSchema>;
export type SessionUpdateInput = z.infer<typeof sessionUpdateSchema>;
export type PaymentApproveInput = z.infer<typeof paymentApproveSchema>;
export type PaymentReasonInput = z.infer<typeof paymentReasonSchema>;
export type CashPaymentInput = z.infer<typeof cashPaymentSchema>;
export type SessionItem = WireOf<typeof sessionItemSchema>;
export type SessionsResponse = WireOf<typeof sessionsResponse>;
export type AdminPayment = WireOf<typeof adminPaymentSchema>;
export type AdminPaymentsResponse = WireOf<typeof adminPaymentsResponse>;
export type PaymentDecisionResponse = WireOf<typeof paymentDecisionResponse>;
export type MemberPayment = WireOf<typeof memberPaymentSchema>;
export type MembershipResponse = WireOf<typeof membershipResponse>;
export type ReceiptResponse = WireOf<typeof receiptResponse>;
