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

/**
 * A search term that is a matric number or part of one (digits only, "1299", or written with a
 * slash, "AEE/25") is matched against matric numbers by substring, whatever its case; any other
 * term against names. Names hold no slash, so "AEE/25" finds the class of 2025 (decision 080).
 */
export const isMatricSearch = (term: string) => /^\d+$/.test(term) || term.includes('/');

/** The digits of a level ("300 Level" -> "300"); levels are compared by these, so "300" finds "300 Level". */
export const levelDigits = (level: string) => level.replace(/\D/g, '');

// Response shapes: zod schemas in schemas/members.ts; their wire types are re-exported here.
export type { DirectoryMember, Executive, ExecutivesResponse, MembersResponse, NewsletterResponse } from './schemas/members.ts';
