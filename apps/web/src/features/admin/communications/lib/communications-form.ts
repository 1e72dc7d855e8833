import { ADMIN_MSG, BULK_BODY_MAX, COMMUNICATION_GROUPS } from '@aesa/shared/admin';
import { LIMITS } from '@aesa/shared/constants';

// The communications form's rules (spec 02 §5, §9): subject 5 to 255 characters, message at
// least 20; the send button is disabled while sending, when the subject is under 5, the message
// under 20, or nobody is chosen. The server checks the same (communicationsSendSchema).

export type CommunicationGroup = (typeof COMMUNICATION_GROUPS)[number];
export { COMMUNICATION_GROUPS };
export type RecipientMode = 'roles' | 'members';

export interface CommunicationDraft {
  subject: string;
  body: string;
  mode: RecipientMode;
  groups: readonly CommunicationGroup[];
  memberIds: readonly string[];
  sending: boolean;
}

export const subjectLength = (subject: string) => subject.trim().length;
export const bodyLength = (body: string) => body.trim().length;

/** The recipients check alone: the spec's alert for the chosen mode, or null. */
export function recipientsProblem(draft: Pick<CommunicationDraft, 'mode' | 'groups' | 'memberIds'>): string | null {
  if (draft.mode === 'roles') return draft.groups.length > 0 ? null : ADMIN_MSG.selectRecipientRole;
  return draft.memberIds.length > 0 ? null : ADMIN_MSG.selectMember;
}

/** Why the send button is disabled, or null when it is enabled. */
export function sendBlocker(draft: CommunicationDraft): string | null {
  if (draft.sending) return 'Sending...';
  const subject = subjectLength(draft.subject);
  if (subject < LIMITS.bulkSubjectMin || subject > LIMITS.bulkSubjectMax) return ADMIN_MSG.subjectLength;
  const body = bodyLength(draft.body);
  if (body < LIMITS.bulkBodyMin) return ADMIN_MSG.bodyTooShort;
  if (body > BULK_BODY_MAX) return ADMIN_MSG.bodyTooLong;
  return recipientsProblem(draft);
}

/** POST /admin/communications/send: groups in role mode, member ids in members mode. */
export function sendBody(draft: CommunicationDraft):
  | { subject: string; body: string; recipient_groups: CommunicationGroup[] }
  | { subject: string; body: string; recipient_user_ids: string[] } {
  const base = { subject: draft.subject.trim(), body: draft.body.trim() };
  if (draft.mode === 'roles') return { ...base, recipient_groups: COMMUNICATION_GROUPS.filter((g) => draft.groups.includes(g)) };
  return { ...base, recipient_user_ids: [...new Set(draft.memberIds)] };
}

export interface Template {
  name: 'Event Announcement' | 'Meeting Reminder' | 'Newsletter Update';
  subject: string;
  body: string;
}

/** The three quick templates (spec 02 §2.8): each fills the subject and the body. */
export function templates(association: string): Template[] {
  return [
    {
      name: 'Event Announcement',
      subject: `Upcoming ${association} event: [Event name]`,
      body: `Dear members,\n\nWe are pleased to invite you to [Event name], taking place on [date] at [time] in [location].\n\n[A few lines about the event: speakers, activities, what to bring.]\n\nPlease confirm your attendance by [date]. We look forward to seeing you there.\n\nBest regards,\n${association} Executive Committee`,
    },
    {
      name: 'Meeting Reminder',
      subject: `Reminder: [Meeting name] on [date]`,
      body: `Dear members,\n\nThis is a reminder that [Meeting name] takes place on [date] at [time] in [location].\n\nAgenda:\n1. [Item]\n2. [Item]\n3. Any other business\n\nYour attendance and contributions are important. If you cannot attend, please let us know.\n\nBest regards,\n${association} Executive Committee`,
    },
    {
      name: 'Newsletter Update',
      subject: `${association} Newsletter: [Month year]`,
      body: `Dear members,\n\nHere is what has been happening in the association this month.\n\nHighlights:\n- [News item]\n- [News item]\n\nComing up:\n- [Upcoming event and date]\n\nOpportunities:\n- [Internships, competitions, scholarships]\n\nThank you for being part of ${association}.\n\nBest regards,\n${association} Executive Committee`,
    },
  ];
}
