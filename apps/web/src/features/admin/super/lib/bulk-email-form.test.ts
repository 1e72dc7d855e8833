import { ADMIN_MSG } from '@aesa/shared/admin';
import { superBulkEmailSchema } from '@aesa/shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import { type BulkEmailFormValues, bulkEmailInput, recipientRolesOf } from './bulk-email-form.ts';

const ready: BulkEmailFormValues = { subject: 'Hello', body: 'A message of twenty characters or more', roles: ['member'], users: [] };
/** The form's values checked as the form and the route check them: message per field. */
const check = (values: BulkEmailFormValues) => {
  const parsed = superBulkEmailSchema.safeParse(bulkEmailInput(values));
  if (parsed.success) return { data: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { data: null, errors };
};

describe('super admin bulk email form', () => {
  it('requires a subject and a message', () => {
    expect(check({ ...ready, subject: '   ', body: '' }).errors).toEqual({ subject: ADMIN_MSG.subjectRequired, body: ADMIN_MSG.bodyRequired });
  });

  it('asks for a recipient role or specific users when none is chosen', () => {
    expect(check({ ...ready, roles: [], users: [] }).errors).toEqual({ recipient_roles: ADMIN_MSG.selectRecipientRoleOrUsers });
  });

  it('sends roles and chosen users together as recipient_roles, trimmed', () => {
    const ok = check({ subject: '  Hello ', body: ` ${ready.body} `, roles: ['all', 'member'], users: [{ email: 'Ada@Example.com' }, { email: 'ada@example.com' }] });
    expect(ok.data).toEqual({ subject: 'Hello', body: ready.body, recipient_roles: ['member', 'all', 'ada@example.com'] });
  });

  it('accepts specific users alone', () => {
    expect(check({ ...ready, roles: [], users: [{ email: 'b@example.com' }] }).data?.recipient_roles).toEqual(['b@example.com']);
  });

  it('keeps groups in a fixed order, once each', () => {
    expect(recipientRolesOf(['all', 'student', 'all'], [])).toEqual(['student', 'all']);
  });

  it('holds the same limits as the communications screen: a subject of 5 to 255 characters, a message of 20 or more', () => {
    expect(check({ ...ready, subject: 'x'.repeat(256) }).errors.subject).toBe('Subject must be 5 to 255 characters');
    expect(check({ ...ready, subject: 'Hey' }).errors.subject).toBe('Subject must be 5 to 255 characters');
    expect(check({ ...ready, body: 'Too short.' }).errors.body).toBe('Message must be at least 20 characters');
  });
});
