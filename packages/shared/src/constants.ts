// The association's fixed lists and limits, shared by server and web.

/** The session the association was officially approved in, written as every session is (decision 079). */
export const APPROVED_SESSION = '2024-2025';

export const LEVELS = ['100 Level', '200 Level', '300 Level', '400 Level', '500 Level', 'Alumni'] as const;
export type Level = (typeof LEVELS)[number];

export const AESA_ROLES = [
  'Members',
  'President',
  'Vice President',
  'General Secretary',
  'Assistant General Secretary',
  'Financial Secretary',
  'Treasurer',
  'Sports Director',
  'Welfare Director',
] as const;

/** How many enrolment years a member chooses from: this year and the ones before it. */
export const ENROLLMENT_YEAR_SPAN = 10;

/**
 * The enrolment years offered by the profile, the settings and the directory's Year filter:
 * the last ENROLLMENT_YEAR_SPAN years up to this year (by the calendar in UTC), oldest first. Derived
 * from the clock so that a new intake can choose its year without a code change.
 */
export function enrollmentYears(now: Date = new Date()): number[] {
  const last = now.getUTCFullYear();
  return Array.from({ length: ENROLLMENT_YEAR_SPAN }, (_, i) => last - ENROLLMENT_YEAR_SPAN + 1 + i);
}

/** The enrolment years as of when this module loaded (a page or a process lives far less than a year). */
export const ENROLLMENT_YEARS: readonly number[] = enrollmentYears();

export const SKILLS = [
  'Aerodynamics',
  'Propulsion',
  'Avionics',
  'Flight Mechanics',
  'Structures',
  'Composites',
  'CAD Design',
  'SolidWorks',
  'CATIA',
  'ANSYS',
  'CFD',
  'FEA',
  'MATLAB',
  'Simulink',
  'Python',
  'C++',
  'Embedded C',
  'Arduino',
  'Drone Building',
  'Rocketry',
  'Orbital Mechanics',
  'Control Systems',
  'Thermodynamics',
  'Heat Transfer',
  '3D Printing',
  'Machining',
  'Data Analysis',
  'Machine Learning',
  'Technical Writing',
  'Project Management',
  'Public Speaking',
  'Leadership',
  'Graphic Design',
] as const;

/** The ten election and executive positions, in the voting page's order. */
export const POSITIONS = [
  'President',
  'Vice President',
  'General Secretary',
  'Assistant General Secretary',
  'Treasurer',
  'Financial Secretary',
  'Public Relations Officer',
  'Social Director',
  'Welfare Director',
  'Sports Director',
] as const;
export type Position = (typeof POSITIONS)[number];

/** The About page's 3x3 executives grid, with Sports Director centred below. */
export const ABOUT_EXECUTIVE_ORDER = [
  'President',
  'Vice President',
  'General Secretary',
  'Assistant General Secretary',
  'Financial Secretary',
  'Treasurer',
  'Public Relations Officer',
  'Social Director',
  'Welfare Director',
  'Sports Director',
] as const;

export const PROJECT_CATEGORIES = ['Aerospace', 'Mechanical', 'Software', 'Research', 'Design', 'Other'] as const;
export const PROJECT_STATUSES = ['In Progress', 'Completed', 'On Hold', 'Planning'] as const;
export const SOCIAL_PLATFORMS = ['linkedin', 'twitter', 'instagram', 'github', 'stackoverflow', 'medium'] as const;
export const PROFICIENCY_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;

export const EVENT_STATUSES = ['upcoming', 'done', 'cancelled', 'postponed', 'past'] as const;
export const ROLE_TYPES = ['executive', 'member', 'alumni', 'student'] as const;
export const SUBMISSION_STATUSES = ['pending', 'accepted', 'rejected', 'needs_revision'] as const;

export const ADMIN_FLAGS = [
  'is_super_admin',
  'is_editorial_admin',
  'is_data_admin',
  'is_electoral_admin',
  'is_event_admin',
  'is_email_admin',
  'is_finance_admin',
] as const;
export type AdminFlag = (typeof ADMIN_FLAGS)[number];

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  bioMax: 2600,
  bioPreview: 200,
  skillNameMax: 12,
  skillNameMaxNarrow: 15,
  imageMaxBytes: 5 * 1024 * 1024,
  membersPerPage: 12,
  membersMaxLimit: 100,
  /** Longest free-text directory filter (search, role, skill). */
  membersFilterMax: 100,
  membersMaxPage: 10_000,
  profileSectionPreview: 4,
  skillsPreview: 9,
  bulkSubjectMin: 5,
  bulkSubjectMax: 255,
  bulkBodyMin: 20,
  nameMax: 120,
  emailMax: 254,
  matricMax: 32,
  textMax: 5000,
  urlMax: 2048,
  titleMax: 200,
} as const;

export const TIMING = {
  requestTimeoutMs: 15_000,
  flashDurationMs: 5000,
  heroIntervalMs: 2000,
  executiveCarouselMs: 4000,
  autoCompleteMs: 3000,
  resetRedirectMs: 2000,
  reconnectMaxAttempts: 5,
  reconnectCapMs: 30_000,
  sessionHours: 24,
} as const;
