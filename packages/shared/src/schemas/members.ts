import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { FILTER_MAX, MAX_PAGE } from '../members.ts';
import { MEMBERS_MSG } from '../messages.ts';
import { emailField } from './auth.ts';
import { idSchema, okMessageSchema, okSchema, type WireOf } from './envelope.ts';

// The requests and answers of the directory, the executives list and the newsletter.
// ---------------------------------------------------------------------------------------------
// Requests

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A free-text filter; an empty value means "no filter", a repeated one (?role=a&role=b) is refused. */
const textFilter = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: MEMBERS_MSG.filterRepeated(label) })
      .trim()
      .max(FILTER_MAX, { error: MEMBERS_MSG.filterTooLong(label) })
      .optional(),
  );

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,9}$/, { error: message })
      .transform(Number)
      .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
      .optional(),
  );

/**
 * GET /members query. Every parameter is optional; without page and limit the first page of
 * LIMITS.membersPerPage (12) members is answered.
 */
export const membersQuerySchema = z.object({
  search: textFilter('Search'),
  level: textFilter('Level').refine((v) => v === undefined || /\d/.test(v) || v.toLowerCase() === 'alumni', { error: MEMBERS_MSG.levelInvalid }),
  role: textFilter('Role'),
  skill: textFilter('Skill'),
  year: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MEMBERS_MSG.yearInvalid })
      .trim()
      .regex(/^\d{4}$/, { error: MEMBERS_MSG.yearInvalid })
      .transform(Number)
      .optional(),
  ),
  page: wholeNumber(MEMBERS_MSG.pageInvalid, 1, MAX_PAGE).transform((v) => v ?? 1),
  limit: wholeNumber(MEMBERS_MSG.limitInvalid, 1, LIMITS.membersMaxLimit).transform((v) => v ?? LIMITS.membersPerPage),
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;

/** POST /newsletter */
export const newsletterSchema = z.object({ email: emailField() });
export type NewsletterInput = z.infer<typeof newsletterSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** One member card of the directory. Never carries e-mail, phone or password data. */
export const directoryMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  matric_number: z.string(),
  current_level: z.string().nullable(),
  /** Current roles only. */
  member_roles: z.array(z.object({ role_name: z.string() })),
  user_skills: z.array(z.object({ skill_name: z.string() })),
  enrollment_year: z.number().int().nullable(),
  profile_image_url: z.string().nullable(),
});

export const membersResponse = okSchema({
  data: z.array(directoryMemberSchema),
  /** Members matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  total_pages: z.number().int(),
});

/** One current office holder. */
export const executiveSchema = z.object({
  id: idSchema,
  position: z.string(),
  is_current: z.literal(true),
  year: z.string().nullable(),
  user: z.object({ id: idSchema, name: z.string(), bio: z.string().nullable(), profile_image_url: z.string().nullable() }),
});
/** Current holders only, in the voting order of the positions. */
export const executivesResponse = okSchema({ data: z.array(executiveSchema) });

export const newsletterResponse = okMessageSchema;

export type DirectoryMember = WireOf<typeof directoryMemberSchema>;
export type MembersResponse = WireOf<typeof membersResponse>;
export type Executive = WireOf<typeof executiveSchema>;
export type ExecutivesResponse = WireOf<typeof executivesResponse>;
export type NewsletterResponse = WireOf<typeof newsletterResponse>;
