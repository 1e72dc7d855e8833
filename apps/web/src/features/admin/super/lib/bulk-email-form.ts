import { ADMIN_MSG, SUPER_RECIPIENT_GROUPS, superBulkEmailSchema } from '@aesa/shared/admin';

// The super admin's Bulk Email form (spec 02 §5, §9): subject and message are required; at least
// one recipient role (member, student, alumni, all) or specific user, else the alert
// 'Please select at least one recipient role or specific users'. The same schema checks it on the server.

export type SuperGroup = (typeof SUPER_RECIPIENT_GROUPS)[number];
export { SUPER_RECIPIENT_GROUPS };

export interface BulkEmailDraft {
  subject: string;
  body: string;
  roles: readonly SuperGroup[];
  /** Specific users chosen with the picker: they are addressed by e-mail. */
  users: readonly { email?: string }[];
}

export interface BulkEmailCheck {
  /** The body to POST when the draft can be sent. */
  payload: { subject: string; body: string; recipient_roles: string[] } | null;
  errors: { subject?: string; body?: string };
  /** The spec's alert when the fields are fine but nobody is addressed. */
  alert: string | null;
}

/** recipient_roles: the chosen groups, then the chosen users' addresses (lower case, once each). */
export function recipientRolesOf(roles: readonly SuperGroup[], users: readonly { email?: string }[]): string[] {
  const groups = SUPER_RECIPIENT_GROUPS.filter((g) => roles.includes(g));
  const emails = users.map((u) => (u.email ?? '').trim().toLowerCase()).filter(Boolean);
  return [...new Set([...groups, ...emails])];
}

export function checkBulkEmail(draft: BulkEmailDraft): BulkEmailCheck {
  const parsed = superBulkEmailSchema.safeParse({
    subject: draft.subject,
    body: draft.body,
    recipient_roles: recipientRolesOf(draft.roles, draft.users),
  });
  if (parsed.success) return { payload: parsed.data, errors: {}, alert: null };
  const errors: BulkEmailCheck['errors'] = {};
  let alert: string | null = null;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'subject') errors.subject ??= issue.message;
    else if (field === 'body') errors.body ??= issue.message;
    else alert ??= issue.message;
  }
  // Field errors first: the alert only when the message itself is ready.
  if (errors.subject || errors.body) return { payload: null, errors, alert: null };
  return { payload: null, errors, alert: alert ?? ADMIN_MSG.selectRecipientRoleOrUsers };
}
