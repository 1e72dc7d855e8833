// Check-in at the door: the membership code a member shows, and the texts of the check-in
// screen. The zod schemas (requests and answers) are in schemas/check-in.ts.

/**
 * What a membership code looks like: `aesa1.<code id>.<signature>`. The code id is random and
 * names nobody by itself; only the server, which keeps the id and the signing key, can tell whose
 * it is. The prefix says what the text is and which form it has (a later form gets `aesa2`).
 */
export const MEMBERSHIP_CODE_PREFIX = 'aesa1';
export const MEMBERSHIP_CODE_PATTERN = /^aesa1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

export type CheckInVia = 'code' | 'matric';

export const CHECK_IN_MSG = {
  // The member's own code
  codeTitle: 'Check-in code',
  codeHelp: 'Show this code at the door of an event to be checked in.',
  renew: 'Renew code',
  renewing: 'Renewing...',
  renewConfirm: 'Renew your membership code? The code you have now stops working at once.',
  renewed: 'Your membership code was renewed. The old code no longer works.',
  codeQrLabel: 'Your membership QR code',
  // The check-in screen
  openCheckIn: 'Check-in',
  scanWithCamera: 'Scan with the camera',
  stopCamera: 'Stop the camera',
  scanFromPhoto: 'Scan from a photo',
  matricLabel: 'Matric number',
  checkInButton: 'Check in',
  checkingIn: 'Checking in...',
  checkedIn: (name: string) => `Checked in: ${name}`,
  alreadyCheckedIn: (time: string) => `Already checked in at ${time}`,
  noQrInPhoto: 'No QR code was found in this photo. Try another photo, or type the matric number.',
  cameraUnavailable: 'The camera could not be opened. Allow camera access, or type the matric number.',
  listTitle: 'Checked in',
  listEmpty: 'Nobody has been checked in yet.',
  countCheckedIn: (n: number) => `${n} checked in`,
  checkedInAt: 'Checked in at',
  notCheckedIn: 'Not checked in',
  viaCode: 'QR code',
  viaMatric: 'Matric number',
  // Requests
  codeOrMatric: 'Give a membership code or a matric number',
  matricRequired: 'Matric number is required',
  // Refusals
  codeInvalid: 'This is not a valid membership code.',
  codeVoided: 'This membership code is no longer valid: it was renewed. Ask the member to open the code on their profile.',
  matricUnknown: 'No member has this matric number.',
  eventCancelled: 'This event is cancelled: nobody can be checked in.',
  // The attended events on a profile
  showAttended: 'Show events I attended on my profile',
  attendedTitle: 'Events attended',
  showAttendedInvalid: 'Show events attended must be true or false',
} as const;

// Request schemas (zod) are in schemas/check-in.ts; their types are re-exported here.
export type { CheckInInput, CheckInItem, CheckInResponse, CheckInsResponse, MembershipCodeResponse, AttendedEvent } from './schemas/check-in.ts';
