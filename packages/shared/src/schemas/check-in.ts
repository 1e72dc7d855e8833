import * as z from 'zod';
import { CHECK_IN_MSG } from '../check-in.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// Check-in at the door: the member's own code, a check-in at an event, the event's check-ins.

const matricNumber = z.string({ error: CHECK_IN_MSG.matricRequired }).trim().min(1, { error: CHECK_IN_MSG.matricRequired });

/** The code as the scanner read it, or the matric number typed at the door: exactly one of them. */
export const checkInSchema = z
  .object({
    // Whether the text is one of our codes is the server's check (CHECK_IN_CODE_INVALID), not a form rule.
    code: z.string({ error: CHECK_IN_MSG.codeOrMatric }).trim().optional(),
    matric_number: matricNumber.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.matric_number === undefined), { error: CHECK_IN_MSG.codeOrMatric });
export type CheckInInput = z.infer<typeof checkInSchema>;

/** The member's own code: the text the QR carries, and the QR as rows of '1' (dark) and '0'. */
export const membershipCodeResponse = okSchema({
  code: z.string(),
  qr: z.array(z.string()),
  /** When this code was made: renewing makes a new one. */
  created_at: timestampSchema,
  message: z.string().optional(),
});

/** Who was checked in: enough for the door to recognise them, and no contact details. */
export const checkedInMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  matric_number: z.string(),
  current_level: z.string().nullable(),
  profile_image_url: z.string().nullable(),
});

export const checkInItemSchema = z.object({
  member: checkedInMemberSchema,
  checked_in_at: timestampSchema,
  via: z.enum(['code', 'matric']),
  /** The admin who checked the member in (null once that account is gone). */
  checked_in_by: z.object({ id: idSchema, name: z.string() }).nullable(),
});

export const checkInResponse = okSchema({
  /** True when the member had been checked in already: nothing was recorded again. */
  already: z.boolean(),
  message: z.string(),
  check_in: checkInItemSchema,
});

export const checkInsResponse = okSchema({ data: z.array(checkInItemSchema), total: z.number().int() });

/** An event a member came to, as their profile lists it. */
export const attendedEventSchema = z.object({
  id: idSchema,
  title: z.string(),
  event_date: timestampSchema,
});

export type CheckInItem = WireOf<typeof checkInItemSchema>;
export type CheckInResponse = WireOf<typeof checkInResponse>;
export type CheckInsResponse = WireOf<typeof checkInsResponse>;
export type MembershipCodeResponse = WireOf<typeof membershipCodeResponse>;
export type AttendedEvent = WireOf<typeof attendedEventSchema>;

/** The door's "type a matric number" form (the request it makes is checkInSchema's). */
export const matricCheckInSchema = z.object({
  matric_number: matricNumber,
});
