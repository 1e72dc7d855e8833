import { SUPER_RECIPIENT_GROUPS, type SuperRecipientGroup } from '@aesa/shared/admin';

// The super admin's Bulk Email form: what its inputs hold, and how they become
// the request that superBulkEmailSchema (the route's schema) checks.

export type SuperGroup = SuperRecipientGroup;
export { SUPER_RECIPIENT_GROUPS };

export interface BulkEmailFormValues<U extends { email?: string } = { email?: string }> {
  subject: string;
  body: string;
  roles: SuperGroup[];
  /** Specific users chosen with the picker: they are addressed by e-mail. */
  users: U[];
}

/** recipient_roles: the chosen groups, then the chosen users' addresses (lower case, once each). */
export function recipientRolesOf(roles: readonly SuperGroup[], users: readonly { email?: string }[]): string[] {
  const groups = SUPER_RECIPIENT_GROUPS.filter((g) => roles.includes(g));
  const emails = users.map((u) => (u.email ?? '').trim().toLowerCase()).filter(Boolean);
  return [...new Set([...groups, ...emails])];
}

/** The request the form's values make (POST /admin/send-bulk-email). */
export const bulkEmailInput = (values: BulkEmailFormValues) => ({
  subject: values.subject,
  body: values.body,
  recipient_roles: recipientRolesOf(values.roles, values.users),
});
