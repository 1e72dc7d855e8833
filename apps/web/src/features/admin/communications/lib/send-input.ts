import { COMMUNICATION_GROUPS, type CommunicationGroup } from '@aesa/shared/admin';

// The communications form's values, and the request they make for communicationsSendSchema (the
// route's schema): groups in role mode, member ids in members mode, never both.

export type RecipientMode = 'roles' | 'members';

export interface CommunicationFormValues<M extends { id: string } = { id: string }> {
  subject: string;
  body: string;
  mode: RecipientMode;
  groups: CommunicationGroup[];
  /** The members ticked in the picker table (kept whole for the preview). */
  members: M[];
  /** Also to the confirmed newsletter subscribers. */
  include_newsletter?: boolean;
}

/** POST /admin/communications/send: groups in a fixed order, or each member's id once. */
export function sendInput(values: CommunicationFormValues) {
  const base = { subject: values.subject, body: values.body, ...(values.include_newsletter ? { include_newsletter: true } : {}) };
  if (values.mode === 'roles') return { ...base, recipient_groups: COMMUNICATION_GROUPS.filter((g) => values.groups.includes(g)) };
  return { ...base, recipient_user_ids: [...new Set(values.members.map((m) => m.id))] };
}
