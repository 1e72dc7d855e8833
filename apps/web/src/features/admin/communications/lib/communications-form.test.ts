import { describe, expect, it } from 'vitest';
import { type CommunicationDraft, recipientsProblem, sendBlocker, sendBody, templates } from './communications-form.ts';

const ready: CommunicationDraft = {
  subject: 'Hello',
  body: 'A message of twenty+ characters',
  mode: 'roles',
  groups: ['member'],
  memberIds: [],
  sending: false,
};

describe('communications form', () => {
  it('is ready with a 5-character subject, a 20-character message and a role', () => {
    expect(sendBlocker(ready)).toBeNull();
    expect(sendBlocker({ ...ready, subject: 'x'.repeat(255), body: 'y'.repeat(20) })).toBeNull();
  });

  it('is disabled while sending', () => {
    expect(sendBlocker({ ...ready, sending: true })).toBe('Sending...');
  });

  it('is disabled for a subject under 5 or over 255 characters (spaces do not count)', () => {
    expect(sendBlocker({ ...ready, subject: 'Hi  ' })).toBe('Subject must be 5 to 255 characters');
    expect(sendBlocker({ ...ready, subject: '    Hi     ' })).toBe('Subject must be 5 to 255 characters');
    expect(sendBlocker({ ...ready, subject: 'x'.repeat(256) })).toBe('Subject must be 5 to 255 characters');
  });

  it('is disabled for a message under 20 characters', () => {
    expect(sendBlocker({ ...ready, body: 'y'.repeat(19) })).toBe('Message must be at least 20 characters');
  });

  it('is disabled without recipients, with the alert of the chosen mode', () => {
    expect(sendBlocker({ ...ready, groups: [] })).toBe('Please select at least one recipient role');
    expect(sendBlocker({ ...ready, mode: 'members', groups: ['all'] })).toBe('Please select at least one member');
    expect(recipientsProblem({ mode: 'members', groups: [], memberIds: ['a'] })).toBeNull();
  });

  it('sends groups in role mode and member ids in members mode, never both', () => {
    expect(sendBody({ ...ready, subject: ' Hello ', groups: ['all', 'student'], memberIds: ['x'] })).toEqual({
      subject: 'Hello',
      body: ready.body,
      recipient_groups: ['student', 'all'],
    });
    expect(sendBody({ ...ready, mode: 'members', memberIds: ['a', 'b', 'a'] })).toEqual({ subject: 'Hello', body: ready.body, recipient_user_ids: ['a', 'b'] });
  });

  it('offers the three quick templates, each passing the rules', () => {
    const list = templates('AESA');
    expect(list.map((t) => t.name)).toEqual(['Event Announcement', 'Meeting Reminder', 'Newsletter Update']);
    for (const t of list) expect(sendBlocker({ ...ready, subject: t.subject, body: t.body })).toBeNull();
  });
});
