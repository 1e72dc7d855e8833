import { ADMIN_MSG } from './admin.ts';
import { CHECK_IN_MSG } from './check-in.ts';
import { CLASS_LIST_MSG } from './class-list.ts';
import { HAND_OVER_MSG } from './hand-over.ts';
import { EDITORIAL_MSG } from './editorial.ts';
import { ELECTION_MSG } from './elections.ts';
import { RECORD_MSG } from './election-record.ts';
import { WINNERS_MSG } from './election-winners.ts';
import { REMINDER_MSG } from './turnout.ts';
import { EVENT_MSG } from './events.ts';
import { RSVP_MSG } from './rsvp.ts';
import { FINANCE_MSG } from './finance.ts';
import { BULK_MSG, EXPORT_MSG } from './exports.ts';
import { VERSION_MSG } from './edit-version.ts';
import { EMAIL_CHANGE_MSG, MSG, SERVER_MSG } from './messages.ts';
import { MFA_MSG } from './mfa.ts';
import { personalRuleMessage, type PersonalPasswordRule } from './password-rules.ts';
import { NEWSLETTER_MSG, NOTIFICATION_MSG } from './notifications.ts';
import { PROFILE_MSG } from './profile.ts';
import { RECEIPT_MSG } from './receipts.ts';
import { SETUP_MSG } from './setup.ts';
import { UPLOAD_MSG } from './uploads.ts';

// Every reason the API refuses a request: a stable code (sent as `code` beside `error`), its
// HTTP status, its message and, for a refusal about one input, that input's name; once. The
// server builds its errors from this table (apps/server/src/lib/app-error.ts), a schema rule
// names its code (schemas/coded.ts), and the screens choose their text by code with
// `messageFor`, never from the server's words. Codes never change meaning; a new reason gets a new code.

type Message = string | ((...args: never[]) => string);
const entry = <S extends number, M extends Message>(status: S, message: M, field?: string) => ({ status, message, field });

export const ERRORS = {
  // Any route
  VALIDATION_FAILED: entry(400, 'Invalid input'), // the answer carries the first problem's own message
  MALFORMED_JSON: entry(400, SERVER_MSG.malformedJson),
  UNAUTHENTICATED: entry(401, SERVER_MSG.notAuthenticated),
  FORBIDDEN: entry(403, SERVER_MSG.forbidden),
  NOT_FOUND: entry(404, SERVER_MSG.notFound),
  BODY_TOO_LARGE: entry(413, SERVER_MSG.bodyTooLarge),
  UNSUPPORTED_MEDIA_TYPE: entry(415, SERVER_MSG.unsupportedMediaType),
  RATE_LIMITED: entry(429, SERVER_MSG.tooManyRequests),
  INTERNAL: entry(500, SERVER_MSG.internal),
  DATABASE_UNAVAILABLE: entry(503, SERVER_MSG.databaseUnavailable),
  FILE_NOT_FOUND: entry(404, 'File not found'),
  /** A refusal of the framework that none of the above names; the answer keeps the framework's status. */
  REQUEST_REFUSED: entry(400, 'The request could not be handled.'),
  // Versioned records (decision 054): a change must name the version it was made from.
  VERSION_REQUIRED: entry(428, VERSION_MSG.required),
  VERSION_INVALID: entry(400, VERSION_MSG.invalid),
  EDIT_CONFLICT: entry(409, VERSION_MSG.conflict),

  // Accounts, passwords and sessions
  AUTH_INVALID_CREDENTIALS: entry(401, SERVER_MSG.invalidCredentials),
  AUTH_ACCOUNT_LOCKED: entry(429, SERVER_MSG.accountLocked),
  /** Too many password checks queued in a sign-in storm: try again after Retry-After seconds. */
  AUTH_SIGN_IN_BUSY: entry(503, SERVER_MSG.signInBusy),
  AUTH_EMAIL_TAKEN: entry(409, SERVER_MSG.emailTaken, 'email'),
  AUTH_MATRIC_TAKEN: entry(409, SERVER_MSG.matricTaken, 'matric_number'),
  AUTH_CURRENT_PASSWORD_WRONG: entry(400, SERVER_MSG.currentPasswordWrong, 'current_password'),
  AUTH_RESET_LINK_INVALID: entry(400, SERVER_MSG.tokenExpiredOrUsed),
  /** A reset token that cannot be one (empty, too long): the link was cut or mangled. */
  AUTH_RESET_TOKEN_INVALID: entry(400, MSG.resetTokenInvalid),
  /** A new password that contains what is known of its member (the rule says what). */
  AUTH_PASSWORD_PERSONAL: entry(400, (rule: PersonalPasswordRule, associationName: string) => personalRuleMessage(rule, associationName)),
  AUTH_PASSWORD_TOO_COMMON: entry(400, MSG.passwordTooCommon),
  EMAIL_CHANGE_PASSWORD_REQUIRED: entry(400, EMAIL_CHANGE_MSG.passwordRequired, 'current_password'),
  EMAIL_CHANGE_LINK_INVALID: entry(400, EMAIL_CHANGE_MSG.tokenInvalid),
  SETUP_LINK_INVALID: entry(400, SETUP_MSG.tokenInvalid),
  SETUP_ADMIN_EXISTS: entry(409, SETUP_MSG.adminExists),

  // Second factor
  MFA_SETUP_REQUIRED: entry(403, MFA_MSG.setupRequired),
  MFA_ADMINS_ONLY: entry(403, MFA_MSG.adminsOnly),
  MFA_CHALLENGE_EXPIRED: entry(401, MFA_MSG.challengeExpired),
  MFA_LOGIN_CODE_WRONG: entry(401, MFA_MSG.codeInvalid),
  MFA_CODE_WRONG: entry(400, MFA_MSG.codeInvalid, 'code'),
  MFA_ALREADY_ON: entry(409, MFA_MSG.alreadyOn),
  MFA_NOT_ON: entry(409, MFA_MSG.notOn),
  MFA_NO_PENDING_SETUP: entry(400, MFA_MSG.noPendingSetup),
  MFA_REQUIRE_OWN_FIRST: entry(409, MFA_MSG.requireOwnFirst),
  MFA_RECOVERY_CODE_USED: entry(400, MFA_MSG.recoveryCodeUsed, 'code'),
  MFA_LOGIN_RECOVERY_CODE_USED: entry(401, MFA_MSG.recoveryCodeUsed),
  MFA_RESET_OWN: entry(403, MFA_MSG.resetOwn),
  MFA_RESET_NOT_ON: entry(409, MFA_MSG.resetNotOn),

  // Profile
  PROFILE_NOT_FOUND: entry(404, PROFILE_MSG.profileNotFound),
  PROFILE_NOTHING_TO_UPDATE: entry(400, PROFILE_MSG.nothingToUpdate),
  PROFILE_TOO_MANY_ITEMS: entry(400, PROFILE_MSG.tooMany),
  PROFILE_END_BEFORE_START: entry(400, PROFILE_MSG.endBeforeStart, 'end_date'),
  SKILL_NOT_FOUND: entry(404, PROFILE_MSG.skillNotFound),
  SKILL_DUPLICATE: entry(409, PROFILE_MSG.skillDuplicate),
  SOCIAL_LINK_NOT_FOUND: entry(404, PROFILE_MSG.socialLinkNotFound),
  PROJECT_NOT_FOUND: entry(404, PROFILE_MSG.projectNotFound),
  ACHIEVEMENT_NOT_FOUND: entry(404, PROFILE_MSG.achievementNotFound),
  ACTIVITY_NOT_FOUND: entry(404, PROFILE_MSG.activityNotFound),

  // Images and files
  UPLOAD_NO_FILE: entry(400, UPLOAD_MSG.noFile),
  UPLOAD_UNSUPPORTED_TYPE: entry(400, UPLOAD_MSG.unsupportedType),
  UPLOAD_TOO_LARGE: entry(413, UPLOAD_MSG.tooLarge),
  UPLOAD_TOO_MANY_PIXELS: entry(413, UPLOAD_MSG.tooManyPixels),
  UPLOAD_INVALID_IMAGE: entry(415, UPLOAD_MSG.invalidImage),
  UPLOAD_NOT_YOUR_FILE: entry(403, UPLOAD_MSG.notYourFile),
  UPLOAD_BUSY: entry(429, UPLOAD_MSG.busy),

  // Elections, candidates, votes and results
  ELECTION_NOT_FOUND: entry(404, ELECTION_MSG.electionNotFound),
  ELECTION_END_BEFORE_START: entry(400, ELECTION_MSG.endBeforeStart, 'end_time'),
  ELECTION_SESSION_REQUIRED: entry(400, ELECTION_MSG.sessionRequired, 'session'),
  ELECTION_SESSION_NOT_FOUND: entry(400, ELECTION_MSG.sessionNotFound, 'session'),
  ELECTION_SESSION_ONLY_FOR_FINANCIAL: entry(400, ELECTION_MSG.sessionOnlyForFinancial, 'session'),
  ELECTION_VOTER_RULE_FROZEN: entry(409, ELECTION_MSG.voterRuleFrozen),
  ELECTION_RESULTS_ALREADY_PUBLISHED: entry(409, ELECTION_MSG.resultsAlreadyPublished),
  ELECTION_RESULTS_BEFORE_START: entry(409, ELECTION_MSG.resultsBeforeStart),
  ELECTION_RESULTS_NOT_PUBLISHED: entry(403, ELECTION_MSG.resultsNotPublished),
  ELECTION_LIVE_OTHER_ORIGIN: entry(403, 'Live results are only available to pages of this site.'),
  ELECTION_TITLE_TAKEN: entry(409, ELECTION_MSG.titleTaken, 'title'),
  ELECTION_OPENED_NO_DELETE: entry(409, ELECTION_MSG.openedNoDelete),
  ELECTION_START_LOCKED: entry(409, ELECTION_MSG.startLocked),
  ELECTION_END_LOCKED: entry(409, ELECTION_MSG.endLocked),
  ELECTION_CANDIDATES_LOCKED: entry(409, ELECTION_MSG.candidatesLocked),
  ELECTION_NOT_OPEN: entry(409, ELECTION_MSG.notOpen),
  ELECTION_EXTEND_NOT_LATER: entry(409, ELECTION_MSG.extendNotLater, 'end_time'),
  ELECTION_ARCHIVED: entry(409, ELECTION_MSG.archived),
  ELECTION_ARCHIVE_WHILE_OPEN: entry(409, ELECTION_MSG.archiveWhileOpen),
  ELECTION_ARCHIVE_NOT_OPENED: entry(409, ELECTION_MSG.archiveNotOpened),
  ELECTION_FINAL_BEFORE_CLOSE: entry(409, ELECTION_MSG.finalBeforeClose),
  ELECTION_FINAL_ALREADY_PUBLISHED: entry(409, ELECTION_MSG.finalAlreadyPublished),
  CANDIDATE_NOT_FOUND: entry(404, ELECTION_MSG.candidateNotFound),
  CANDIDATE_MEMBER_NOT_FOUND: entry(404, ELECTION_MSG.memberNotFound),
  CANDIDATE_ALREADY_STANDING: entry(409, ELECTION_MSG.alreadyStanding, 'user_id'),
  CANDIDATE_HAS_VOTES: entry(409, ELECTION_MSG.candidateHasVotes),
  VOTE_ELECTION_NOT_ACTIVE: entry(403, ELECTION_MSG.notActive),
  VOTE_NOT_STARTED: entry(403, ELECTION_MSG.notStarted),
  VOTE_ENDED: entry(403, ELECTION_MSG.ended),
  VOTE_NOT_CURRENT_MEMBER: entry(403, ELECTION_MSG.notCurrent),
  VOTE_NOT_VERIFIED: entry(403, ELECTION_MSG.notVerified),
  VOTE_NOT_FINANCIAL: entry(403, ELECTION_MSG.notFinancial),
  VOTE_CANDIDATE_NOT_IN_ELECTION: entry(400, ELECTION_MSG.candidateNotInElection),
  VOTE_CANDIDATE_WRONG_POSITION: entry(400, ELECTION_MSG.candidateWrongPosition),
  VOTE_ALREADY_CAST: entry(409, ELECTION_MSG.alreadyVoted),
  RECEIPT_INVALID: entry(400, RECEIPT_MSG.invalid),
  MEMBER_ROLE_NOT_FOUND: entry(404, ELECTION_MSG.memberRoleNotFound),
  // The voter roll, the election record and the bulletin board
  VOTE_NOT_ON_ROLL: entry(403, RECORD_MSG.notOnRoll),
  ELECTION_ROLL_NOT_FROZEN: entry(409, RECORD_MSG.rollNotFrozen),
  ELECTION_BOARD_NOT_PUBLISHED: entry(403, RECORD_MSG.boardNotPublished),

  // After the vote: winners installed as executives, reminders to those who have not voted
  ELECTION_WINNERS_NOT_FINAL: entry(409, WINNERS_MSG.notFinal),
  ELECTION_WINNERS_ALREADY_INSTALLED: entry(409, WINNERS_MSG.alreadyInstalled),
  ELECTION_WINNERS_NONE: entry(409, WINNERS_MSG.noWinners),
  ELECTION_REMINDER_NOT_OPEN: entry(409, REMINDER_MSG.notOpen),
  ELECTION_REMINDER_TOO_SOON: entry(409, REMINDER_MSG.tooSoon),
  ELECTION_REMINDER_NOBODY: entry(409, REMINDER_MSG.nobody),

  // Administration
  ADMIN_NOT_AN_ADMIN: entry(403, ADMIN_MSG.notAnAdmin),
  ADMIN_MODULE_DENIED: entry(403, ADMIN_MSG.moduleDenied),
  ADMIN_LAST_SUPER_ADMIN: entry(409, ADMIN_MSG.lastSuperAdmin),
  ADMIN_NOTHING_TO_UPDATE: entry(400, ADMIN_MSG.nothingToUpdate),
  ADMIN_ROLE_NOT_FOUND: entry(404, ADMIN_MSG.roleNotFound),
  ADMIN_ROLE_NAME_TAKEN: entry(409, ADMIN_MSG.roleNameTaken, 'role_name'),
  ADMIN_ROLE_IN_USE: entry(409, ADMIN_MSG.roleInUse),
  ADMIN_ROLE_UNKNOWN: entry(400, ADMIN_MSG.unknownRole),
  ADMIN_USER_NOT_FOUND: entry(404, ADMIN_MSG.adminUserNotFound),
  ADMIN_ALREADY_ADMIN: entry(409, ADMIN_MSG.alreadyAdmin, 'user_id'),
  MEMBER_NOT_FOUND: entry(404, ADMIN_MSG.userNotFound),
  EXECUTIVE_NOT_FOUND: entry(404, ADMIN_MSG.executiveNotFound),
  EXECUTIVE_ALREADY_ASSIGNED: entry(409, ADMIN_MSG.executiveAlreadyAssigned),
  EXECUTIVE_SAME_OFFICE: entry(409, ADMIN_MSG.executiveSameOffice),
  BULK_EMAIL_NO_RECIPIENTS: entry(400, ADMIN_MSG.noRecipients),
  BULK_EMAIL_UNREGISTERED_ADDRESSES: entry(400, ADMIN_MSG.unregisteredAddresses),
  BULK_EMAIL_UNKNOWN_MEMBERS: entry(400, ADMIN_MSG.unknownMembers),
  BULK_EMAIL_ALL_TURNED_OFF: entry(400, NOTIFICATION_MSG.allTurnedOff),

  // Unsubscribe links and the newsletter's confirmation link
  UNSUBSCRIBE_LINK_INVALID: entry(400, NOTIFICATION_MSG.linkInvalid),
  UNSUBSCRIBE_LINK_EXPIRED: entry(410, NOTIFICATION_MSG.linkExpired),
  UNSUBSCRIBE_ONE_CLICK_BODY: entry(400, NOTIFICATION_MSG.oneClickBodyRequired),
  NEWSLETTER_LINK_INVALID: entry(400, NEWSLETTER_MSG.linkInvalid),
  NEWSLETTER_LINK_EXPIRED: entry(410, NEWSLETTER_MSG.linkExpired),
  EVENT_NOT_FOUND: entry(404, EVENT_MSG.notFound),
  /** Sign-ups closed by the events admins: no new Going answers (Not going still accepted). */
  RSVP_CLOSED: entry(409, RSVP_MSG.closed),
  RSVP_EVENT_CANCELLED: entry(409, RSVP_MSG.cancelled),
  /** The event is done, past, or has started. */
  RSVP_EVENT_OVER: entry(409, RSVP_MSG.over),
  SUBMISSION_NOT_FOUND: entry(404, EDITORIAL_MSG.submissionNotFound),
  SUBMISSION_NOT_ACCEPTED: entry(409, EDITORIAL_MSG.onlyAccepted),
  SUBMISSION_ALREADY_AN_ARTICLE: entry(409, EDITORIAL_MSG.alreadyCreated),
  SUBMISSION_PDF_REQUIRED: entry(400, EDITORIAL_MSG.pdfRequired),
  SUBMISSION_NOT_A_PDF: entry(415, EDITORIAL_MSG.notPdf),
  SUBMISSION_PDF_TOO_LARGE: entry(413, EDITORIAL_MSG.pdfTooLarge),
  SUBMISSION_UNEXPECTED_FILE: entry(400, (field: string) => `Unexpected file field: ${field}`),
  ARTICLE_NOT_FOUND: entry(404, EDITORIAL_MSG.articleNotFound),

  // Finance: sessions and payments
  SESSION_YEAR_INVALID: entry(400, FINANCE_MSG.yearInvalid, 'year'),
  SESSION_YEAR_TAKEN: entry(409, FINANCE_MSG.yearTaken, 'year'),
  SESSION_END_BEFORE_START: entry(400, FINANCE_MSG.endBeforeStart, 'ends_on'),
  SESSION_DUES_INVALID: entry(400, FINANCE_MSG.duesInvalid, 'dues_amount'),
  SESSION_NOT_FOUND: entry(404, FINANCE_MSG.sessionNotFound),
  PAYMENT_NOT_FOUND: entry(404, FINANCE_MSG.paymentNotFound),
  PAYMENT_AMOUNT_INVALID: entry(400, FINANCE_MSG.amountInvalid, 'amount'),
  PAYMENT_AMOUNT_REQUIRED: entry(400, FINANCE_MSG.amountRequired, 'amount'),
  PAYMENT_REASON_REQUIRED: entry(400, FINANCE_MSG.reasonRequired, 'reason'),
  PAYMENT_NO_CURRENT_SESSION: entry(409, FINANCE_MSG.noCurrentSession),
  PAYMENT_ALREADY_FINANCIAL: entry(409, FINANCE_MSG.alreadyFinancial),
  PAYMENT_MEMBER_ALREADY_FINANCIAL: entry(409, FINANCE_MSG.memberAlreadyFinancial),
  PAYMENT_ALREADY_PENDING: entry(409, FINANCE_MSG.alreadyPending),
  PAYMENT_NOT_PENDING: entry(409, FINANCE_MSG.notPending),
  PAYMENT_NOT_APPROVED: entry(409, FINANCE_MSG.notApproved),
  PAYMENT_MEMBER_NOT_FOUND: entry(404, FINANCE_MSG.memberNotFound),
  PAYMENT_PROOF_REQUIRED: entry(400, FINANCE_MSG.proofRequired, 'proof'),
  PAYMENT_PROOF_TYPE: entry(415, FINANCE_MSG.proofType, 'proof'),
  PAYMENT_PROOF_TOO_LARGE: entry(413, FINANCE_MSG.proofTooLarge, 'proof'),

  // The class list import and the hand-over to the next session
  CLASS_LIST_FILE_REQUIRED: entry(400, CLASS_LIST_MSG.fileRequired),
  CLASS_LIST_TOO_LARGE: entry(413, CLASS_LIST_MSG.fileTooLarge),
  CLASS_LIST_TOO_MANY_ROWS: entry(413, CLASS_LIST_MSG.tooManyRows),
  CLASS_LIST_NOT_CSV: entry(400, CLASS_LIST_MSG.notCsv),
  CLASS_LIST_NO_HEADER: entry(400, CLASS_LIST_MSG.noHeader),
  CLASS_LIST_MISSING_COLUMN: entry(400, CLASS_LIST_MSG.missingColumn),
  HAND_OVER_NO_CURRENT_SESSION: entry(409, HAND_OVER_MSG.noCurrentSession),
  HAND_OVER_ALREADY_DONE: entry(409, HAND_OVER_MSG.alreadyDone),
  HAND_OVER_WRONG_SESSION: entry(409, HAND_OVER_MSG.wrongSession),

  // Bulk actions on member roles and the CSV exports
  MEMBER_ROLES_BULK_TARGET: entry(400, BULK_MSG.targetOneOf),
  MEMBER_ROLES_BULK_NOTHING_TO_SET: entry(400, BULK_MSG.nothingToSet),
  MEMBER_ROLES_BULK_TOO_MANY_IDS: entry(400, BULK_MSG.tooManyIds),
  MEMBER_ROLES_BULK_UNKNOWN_IDS: entry(400, BULK_MSG.unknownIds),
  EXPORT_SESSION_REQUIRED: entry(400, EXPORT_MSG.sessionRequired),
  EXPORT_SESSION_NOT_FOUND: entry(404, EXPORT_MSG.sessionNotFound),
  EXPORT_BULK_EMAIL_NOT_FOUND: entry(404, EXPORT_MSG.bulkEmailNotFound),

  // Check-in at the door: a code that is not ours (forged, damaged), one renewed since, a matric
  // number of nobody, an event that is not taking place.
  CHECK_IN_CODE_INVALID: entry(400, CHECK_IN_MSG.codeInvalid),
  CHECK_IN_CODE_VOIDED: entry(404, CHECK_IN_MSG.codeVoided),
  CHECK_IN_MATRIC_UNKNOWN: entry(404, CHECK_IN_MSG.matricUnknown),
  CHECK_IN_EVENT_CANCELLED: entry(409, CHECK_IN_MSG.eventCancelled),
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** What a code's message needs: nothing for a fixed text, the function's arguments otherwise. */
export type ErrorArgs<C extends ErrorCode> = (typeof ERRORS)[C]['message'] extends (...args: infer A) => string ? A : [];

/** The message of a code, with its arguments. */
export function errorMessage<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): string {
  const message: Message = ERRORS[code].message;
  return typeof message === 'function' ? (message as (...a: unknown[]) => string)(...args) : message;
}

/** Whether a text is one of the table's codes (a body from elsewhere may carry anything). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/**
 * The text a screen shows for a refusal: the code's message made from the arguments the answer
 * carried (`params`). A parameterised message without its arguments, or arguments of the wrong
 * kind, gives null: the caller then says what failed in its own words.
 */
export function messageFor(code: ErrorCode, params: readonly unknown[] = []): string | null {
  const message: Message = ERRORS[code].message;
  if (typeof message === 'string') return message;
  if (params.length < message.length) return null;
  try {
    return (message as (...a: unknown[]) => string)(...params);
  } catch {
    return null;
  }
}
