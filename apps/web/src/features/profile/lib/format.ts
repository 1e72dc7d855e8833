import type { SessionUser } from '@aesa/shared/auth';
import { LIMITS } from '@aesa/shared/constants';
import { isWebUrl } from '@aesa/shared/profile';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_MSG } from '@aesa/shared/uploads';
import { formatCalendarDate, formatCalendarMonth } from '@/lib/format-date.ts';
import { type ProfileData, withLists } from '../api/get-profile.ts';

/** "300 Level · Enrolled 2022": the level and the year the member enrolled, whichever are known (as the directory writes them). */
export function levelLine(profile: Pick<ProfileData, 'current_level' | 'enrollment_year'>): string {
  return [profile.current_level, profile.enrollment_year ? `Enrolled ${profile.enrollment_year}` : null].filter(Boolean).join(' · ');
}

/** The member's current association role (the badge under the name), if any. */
export function currentRole(profile: Pick<ProfileData, 'member_roles'>): string | null {
  return profile.member_roles.find((r) => r.is_current)?.role_name ?? null;
}

/** "Mar 2024" from "2024-03-15" (a calendar date, never moved by a zone); the text itself when it is not a date. */
export const monthYear = (iso: string | null | undefined): string => formatCalendarMonth(iso);

/** "15 Mar 2024" from "2024-03-15". */
export const fullDate = (iso: string | null | undefined): string => formatCalendarDate(iso);

/** "Mar 2024 – Present", "Mar 2024 – Jun 2024", or "" without a start. */
export function dateRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return '';
  if (!start) return `Until ${monthYear(end)}`;
  return `${monthYear(start)} – ${end ? monthYear(end) : 'Present'}`;
}

/** Only http(s) addresses become links; anything else (javascript:, data:) is never rendered as one. */
export const safeHref = (url: string | null | undefined): string | null => (url && isWebUrl(url) ? url : null);

/** An image source we are willing to show: our own uploads or an http(s) address. */
export const safeImageSrc = (url: string | null | undefined): string | null =>
  url && (url.startsWith('/uploads/') || isWebUrl(url)) ? url : null;

/** The client check before an upload: JPEG, PNG or WebP, and at most 5 MB. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MSG.invalidImage;
  if (file.size > LIMITS.imageMaxBytes) return UPLOAD_MSG.tooLarge;
  return null;
}

/** When GET /profile/me fails: the little the signed-in user tells us. */
export function fallbackProfile(user: SessionUser): ProfileData {
  return withLists({
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    profile_image_url: user.profile_image_url ?? user.avatar,
    cover_image_url: null,
    bio: null,
    current_level: null,
    enrollment_year: null,
    matric_number: user.matric_number,
    admin_type: user.admin_type,
    admin_role: user.admin_role,
  });
}
