// Finance: academic sessions, their dues, the members' payments and the receipts. The rules,
// constants and texts shared by the server, the Finance screen and the Membership card. Its zod
// schemas (requests and answers) are in schemas/finance.ts, so that this module holds no zod.
//
// A financial member of a session is a member with a payment for that session whose status is
// 'approved'. Pending, rejected and void payments do not count. Payments are never deleted: a
// mistake is voided with a reason, and the voided row stays in the history and the figures' audit.

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['transfer', 'cash', 'pos', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: 'Bank transfer',
  cash: 'Cash',
  pos: 'POS',
  other: 'Other',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  void: 'Voided',
};

/** The levels a session's dues may differ by (the directory's level keys: "300 Level" is "300"). */
export const DUES_LEVEL_KEYS = ['100', '200', '300', '400', '500'] as const;
export type DuesLevelKey = (typeof DUES_LEVEL_KEYS)[number];

export const FINANCE_LIMITS = {
  /** Dues and payments are whole naira; the largest amount an officer can type by mistake is bounded. */
  amountMax: 10_000_000,
  referenceMax: 120,
  reasonMin: 3,
  reasonMax: 500,
  /** A proof of payment: an image (re-encoded like every image) or a PDF of at most this size. */
  proofPdfMaxBytes: 5 * 1024 * 1024,
} as const;

/**
 * The one format of an academic session: two consecutive years joined by a hyphen, 2026-2027
 * (the executives' session format; a single year is not a session here).
 */
export function isSessionYear(value: string): boolean {
  const m = /^(\d{4})-(\d{4})$/.exec(value);
  return !!m && Number(m[2]) === Number(m[1]) + 1;
}

/**
 * The session a day falls in when Finance has marked none as current: a session is taken to
 * start on 1 September (26 Nov 2026 → 2026-2027; 5 May 2026 → 2025-2026). `day` is a calendar
 * date, YYYY-MM-DD, in the association's time zone.
 */
export function sessionOfDay(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 9 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** The session that follows one: 2026-2027 → 2027-2028. */
export function nextSessionYear(year: string): string {
  const start = Number(year.slice(0, 4)) + 1;
  return `${start}-${start + 1}`;
}

/** The dues a member of this level owes for a session: the level's own amount when set, else the one amount. */
export function duesFor(session: { dues_amount: number; dues_by_level: Record<string, number> | null }, levelKey: string | null | undefined): number {
  const own = levelKey ? session.dues_by_level?.[levelKey] : undefined;
  return own ?? session.dues_amount;
}

/**
 * A receipt number: the association's name, the session and a number counted per session from 1,
 * never reused (a voided payment keeps its number): AESA-2026-2027-0001.
 */
export function receiptNumber(associationName: string, year: string, sequence: number): string {
  const prefix = associationName.toUpperCase().replace(/[^A-Z0-9]+/g, '') || 'RECEIPT';
  return `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** 5000 → "₦5,000". */
export function formatNaira(amount: number): string {
  return `₦${amount.toLocaleString('en-GB')}`;
}

/** A member's standing for a session, from the least to the most. */
export const MEMBERSHIP_STATUSES = ['not_verified', 'verified', 'financial'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** What the Membership card says for a session. */
export function membershipStatusText(status: MembershipStatus, year: string): string {
  if (status === 'financial') return `Financial member for ${year}`;
  if (status === 'verified') return `Verified member for ${year}, dues not paid`;
  return `Not verified for ${year}`;
}

export const FINANCE_MSG = {
  yearInvalid: 'Session must be two consecutive years, like 2026-2027',
  yearTaken: 'A session with this year already exists',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  dateInvalid: 'Dates must look like 2026-09-01',
  endBeforeStart: 'The end date must be after the start date',
  duesRequired: 'Dues amount is required',
  duesInvalid: `Dues must be a whole number of naira from 0 to ${FINANCE_LIMITS.amountMax.toLocaleString('en-GB')}`,
  levelInvalid: 'Dues by level take the levels 100 to 500',
  sessionNotFound: 'Session not found',

  amountRequired: 'Amount is required',
  amountInvalid: `Amount must be a whole number of naira from 1 to ${FINANCE_LIMITS.amountMax.toLocaleString('en-GB')}`,
  referenceTooLong: `Reference must be at most ${FINANCE_LIMITS.referenceMax} characters`,
  methodInvalid: 'Please choose a payment method',
  reasonRequired: `Please give a reason of at least ${FINANCE_LIMITS.reasonMin} characters`,
  reasonTooLong: `Reason must be at most ${FINANCE_LIMITS.reasonMax} characters`,
  memberRequired: 'Please select a member.',
  memberNotFound: 'No member with this account was found.',
  paymentNotFound: 'Payment not found',
  noCurrentSession: 'There is no current session to pay dues for yet. Please try again later.',
  alreadyFinancial: (year: string) => `You are already a financial member for ${year}.`,
  memberAlreadyFinancial: (year: string) => `This member already has an approved payment for ${year}.`,
  alreadyPending: 'Your proof of payment is waiting for the treasurer. You can send another once it is decided.',
  notPending: 'Only a pending payment can be approved or rejected.',
  notApproved: 'Only an approved payment can be voided.',
  proofRequired: 'Please attach the proof of payment (an image or a PDF).',
  proofType: 'The proof of payment must be an image (JPEG, PNG, WebP) or a PDF.',
  proofTooLarge: 'The proof of payment must be at most 5 MB.',

  uploaded: 'Proof of payment sent. The treasurer will review it.',
  approved: (name: string) => `Payment approved for ${name}.`,
  rejected: (name: string) => `Payment rejected for ${name}.`,
  voided: (name: string) => `Payment voided for ${name}.`,
  recorded: (name: string) => `Payment recorded for ${name}.`,
  sessionCreated: (year: string) => `Session ${year} created.`,
  sessionSaved: (year: string) => `Session ${year} saved.`,
} as const;

// Request schemas (zod) are in schemas/finance.ts; their types are re-exported here.
export type {
  AdminPayment,
  AdminPaymentsResponse,
  CashPaymentInput,
  MembershipResponse,
  MemberPayment,
  PaymentApproveInput,
  PaymentDecisionResponse,
  PaymentReasonInput,
  ReceiptResponse,
  SessionCreateInput,
  SessionItem,
  SessionUpdateInput,
  SessionsResponse,
} from './schemas/finance.ts';
