// Public association data: the members directory (spec 01 §2 "Members directory", §5 "Member
// search"), the executives (§3 "Executive") and the newsletter sign-up (§3, footer).
import { z } from 'zod';
import { emailField } from './auth.ts';
import { LIMITS } from './constants.ts';
import { MEMBERS_MSG } from './messages.ts';

export { MEMBERS_MSG };

// The limits and messages live in zod-free modules so that public pages can use them without zod.
export const FILTER_MAX = LIMITS.membersFilterMax;
export const MAX_PAGE = LIMITS.membersMaxPage;

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

/** True when a search term is matched against matric numbers rather than names (spec 01 §5). */
export const isNumericSearch = (term: string) => /^\d+$/.test(term);

/** The digits of a level ("300 Level" -> "300"); levels are compared by these (spec 01 §5). */
export const levelDigits = (level: string) => level.replace(/\D/g, '');

// Response shapes: zod schemas in schemas/members.ts; their wire types are re-exported here.
export type { DirectoryMember, Executive, ExecutivesResponse, MembersResponse, NewsletterResponse } from './schemas/members.ts';

/** POST /newsletter */
export const newsletterSchema = z.object({ email: emailField() });
export type NewsletterInput = z.infer<typeof newsletterSchema>;
