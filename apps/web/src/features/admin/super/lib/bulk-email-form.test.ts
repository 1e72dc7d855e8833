import { describe, expect, it } from 'vitest';
import { checkBulkEmail, recipientRolesOf } from './bulk-email-form.ts';

const ready = { subject: 'Hello', body: 'A message of twenty characters or more', roles: ['member' as const], users: [] };

describe('super admin bulk email form', () => {
  it('requires a subject and a message', () => {
    const empty = checkBulkEmail({ ...ready, subject: '   ', body: '' });
    expect(empty.payload).toBeNull();
    expect(empty.errors).toEqual({ subject: 'Subject is required', body: 'Message is required' });
    expect(empty.alert).toBeNull();
  });

  it('alerts when no recipient role and no specific user is chosen', () => {
    const none = checkBulkEmail({ ...ready, roles: [], users: [] });
    expect(none.payload).toBeNull();
    expect(none.errors).toEqual({});
    expect(none.alert).toBe('Please select at least one recipient role or specific users');
  });

  it('shows the field errors before the recipients alert', () => {
    const both = checkBulkEmail({ subject: '', body: 'x', roles: [], users: [] });
    expect(both.errors.subject).toBe('Subject is required');
    expect(both.alert).toBeNull();
  });

  it('sends roles and chosen users together as recipient_roles', () => {
    const ok = checkBulkEmail({ subject: '  Hello ', body: ` ${ready.body} `, roles: ['all', 'member'], users: [{ email: 'Ada@Example.com' }, { email: 'ada@example.com' }] });
    expect(ok.alert).toBeNull();
    expect(ok.payload).toEqual({ subject: 'Hello', body: ready.body, recipient_roles: ['member', 'all', 'ada@example.com'] });
  });

  it('accepts specific users alone', () => {
    expect(checkBulkEmail({ ...ready, roles: [], users: [{ email: 'b@example.com' }] }).payload?.recipient_roles).toEqual(['b@example.com']);
  });

  it('keeps groups in a fixed order, once each', () => {
    expect(recipientRolesOf(['all', 'student', 'all'], [])).toEqual(['student', 'all']);
  });

  it('holds the same limits as the communications screen: a subject of 5 to 255 characters, a message of 20 or more', () => {
    expect(checkBulkEmail({ ...ready, subject: 'x'.repeat(256) }).errors.subject).toBe('Subject must be 5 to 255 characters');
    expect(checkBulkEmail({ ...ready, subject: 'Hey' }).errors.subject).toBe('Subject must be 5 to 255 characters');
    expect(checkBulkEmail({ ...ready, body: 'Too short.' }).errors.body).toBe('Message must be at least 20 characters');
  });
});
