// Member profiles: the limits, texts and rules of the own and public profile. The server and the
// profile screens validate with the schemas built from them in schemas/profile.ts.
import { LIMITS, PROFICIENCY_LEVELS, PROJECT_CATEGORIES, PROJECT_STATUSES, SOCIAL_PLATFORMS } from './constants.ts';
import { MSG } from './messages.ts';

/** The server accepts skill names up to the wider of the two client limits (12, or 15 on narrow screens). */
export const SKILL_NAME_MAX = LIMITS.skillNameMaxNarrow;

/** A skill name as it is stored and compared: trimmed, inner runs of spaces made one. */
export const normaliseSkillName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** How many items one member may keep per section (the server refuses more with a clear message). */
export const PROFILE_CAPS = { skills: 50, socialLinks: SOCIAL_PLATFORMS.length, items: 100 } as const;

export const PROFILE_MSG = {
  // The texts the specification gives.
  skillEmpty: 'Skill name cannot be empty.',
  skillDuplicate: 'This skill already exists.',
  skillTooLong: (n: number = SKILL_NAME_MAX) => `Skill name too long. Maximum ${n} characters allowed.`,
  projectRequired: 'Please fill in all required fields (Title, Description, Start Date)',
  achievementRequired: 'Please fill in all required fields',
  activityRequired: 'Please fill in the activity name',
  profileNotFound: 'Profile not found',
  projectAdded: 'Project added successfully!',
  projectUpdated: 'Project updated successfully!',
  projectDeleted: 'Project deleted successfully!',
  achievementDeleted: 'Achievement deleted successfully!',
  activityDeleted: 'Volunteer activity deleted successfully!',
  profileUpdated: MSG.profileUpdated,
  // Texts the spec does not give.
  achievementAdded: 'Achievement added successfully!',
  achievementUpdated: 'Achievement updated successfully!',
  activityAdded: 'Volunteer activity added successfully!',
  activityUpdated: 'Volunteer activity updated successfully!',
  skillAdded: 'Skill added successfully!',
  skillUpdated: 'Skill updated successfully!',
  skillDeleted: 'Skill removed successfully!',
  socialLinkSaved: 'Social link saved successfully!',
  socialLinkDeleted: 'Social link removed successfully!',
  skillNotFound: 'Skill not found',
  socialLinkNotFound: 'Social link not found',
  projectNotFound: 'Project not found',
  achievementNotFound: 'Achievement not found',
  activityNotFound: 'Volunteer activity not found',
  nothingToUpdate: 'Nothing to update.',
  bioTooLong: `Bio must be at most ${LIMITS.bioMax} characters`,
  nameTooLong: `Name must be at most ${LIMITS.nameMax} characters`,
  phoneInvalid: 'Please enter a valid phone number',
  levelInvalid: 'Level must be one of 100 Level to 500 Level or Alumni',
  yearInvalid: 'Enrollment year must be a four-digit year',
  yearInFuture: 'Enrollment year cannot be in the future',
  showEmailInvalid: 'Show email must be true or false',
  showPhoneInvalid: 'Show phone must be true or false',
  proficiencyInvalid: `Proficiency must be one of ${PROFICIENCY_LEVELS.join(', ')}`,
  platformInvalid: 'Platform must be one of LinkedIn, Twitter, Instagram, GitHub, Stack Overflow or Medium',
  socialUrlRequired: 'Please enter the link for this platform',
  webUrlInvalid: (label: string) => `${label} must be a web address starting with http:// or https://`,
  imageUrlInvalid: 'The image must be an uploaded image or a web address starting with http:// or https://',
  dateInvalid: (label: string) => `${label} must be a valid date (YYYY-MM-DD)`,
  endBeforeStart: 'End date cannot be before the start date',
  categoryInvalid: `Category must be one of ${PROJECT_CATEGORIES.join(', ')}`,
  statusInvalid: `Status must be one of ${PROJECT_STATUSES.join(', ')}`,
  privacyInvalid: 'Privacy must be true (private) or false (public)',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notText: (label: string) => `${label} must be text`,
  tooMany: (what: string, max: number) => `You can keep at most ${max} ${what}. Please remove one first.`,
} as const;

/** The short step that asks a new member for their name, level and enrolment year. */
export const COMPLETE_PROFILE_MSG = {
  title: 'Complete your profile',
  description: 'Tell other members who you are: your full name, your current level and the year you enrolled. It puts you in the directory’s Level and Year filters.',
  cardText: 'Add your full name, level and enrolment year so other members can find you in the directory.',
  start: 'Complete profile',
  skip: 'Skip for now',
  save: 'Save',
  saved: 'Your profile is complete. Welcome aboard!',
  nameLabel: 'Full Name',
  levelLabel: 'Current Level',
  yearLabel: 'Enrollment Year',
  levelRequired: 'Please choose your current level',
  yearRequired: 'Please choose the year you enrolled',
  yearNotOffered: 'Please choose one of the years in the list',
} as const;

/** Who may see a member's e-mail and phone: the member chooses per item (default hidden). */
export const CONTACT_VISIBILITY_MSG = {
  // Worded so that neither contains the labels of the e-mail and phone boxes beside them.
  showEmail: 'Show my e-mail address to signed-in members',
  showPhone: 'Show my phone to signed-in members',
  hint: 'Visitors who are not signed in never see them.',
} as const;

/** True once the member has given a name, a level and an enrolment year (the directory's filters need the last two). */
export function isProfileComplete(p: { name?: string | null; current_level?: string | null; enrollment_year?: number | null }): boolean {
  return !!p.name?.trim() && !!p.current_level && p.enrollment_year != null;
}

// ---------------------------------------------------------------------------------------------
// Field helpers

/** A real calendar date written YYYY-MM-DD (what a date input gives and what the server answers). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An absolute http(s) address. Anything else (javascript:, data:, relative paths) is refused. */
export function isWebUrl(value: string): boolean {
  // new URL() would silently drop tabs and newlines inside the address; refuse them instead.
  if (/\s/.test(value) || Array.from(value).some((c) => c.charCodeAt(0) < 32)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The path of an image stored by our upload endpoints (see uploads module). */
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-z-]+\/[0-9a-f-]{36}\.webp$/;
export const isImageUrl = (value: string) => UPLOAD_PATH_PATTERN.test(value) || isWebUrl(value);

/** An end date (when both are set) may not come before the start date. */
export function datesInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || end >= start;
}


// Request schemas (zod) are in schemas/profile.ts, so that this module holds no zod and the
// public pages can use its rules and texts without it.
export type { ProfileCompletionInput, ProfileUpdateInput } from './schemas/profile.ts';

// Response shapes: zod schemas in schemas/profile.ts; their wire types are re-exported here.
export type {
  Achievement,
  AchievementResponse,
  ActivityResponse,
  DeleteResponse,
  OwnProfile,
  OwnProfileResponse,
  ProfileRole,
  ProfileSkill,
  ProfileSocialLink,
  ProfileUpdateResponse,
  Project,
  ProjectResponse,
  PublicProfile,
  PublicProfileResponse,
  SkillResponse,
  SocialLinkResponse,
  VolunteerActivity,
} from './schemas/profile.ts';
