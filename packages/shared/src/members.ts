// Public association data: the members directory and its search, the executives and the
// newsletter sign-up.
import { LIMITS } from './constants.ts';
import { MEMBERS_MSG } from './messages.ts';

export { MEMBERS_MSG };

// The limits and messages live in zod-free modules so that public pages can use them without zod.
export const FILTER_MAX = LIMITS.membersFilterMax;
export const MAX_PAGE = LIMITS.membersMaxPage;

// Request schemas (zod) are in schemas/members.ts, so that this module holds no zod.
export type { MembersQuery, NewsletterInput } from './schemas/members.ts';

/** A purely numeric search term is matched against matric numbers (by substring), any other against names. */
export const isNumericSearch = (term: string) => /^\d+$/.test(term);

/** The digits of a level ("300 Level" -> "300"); levels are compared by these, so "300" finds "300 Level". */
export const levelDigits = (level: string) => level.replace(/\D/g, '');

// Response shapes: zod schemas in schemas/members.ts; their wire types are re-exported here.
export type { DirectoryMember, Executive, ExecutivesResponse, MembersResponse, NewsletterResponse } from './schemas/members.ts';
