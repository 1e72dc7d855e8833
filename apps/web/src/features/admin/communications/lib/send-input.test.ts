import { ADMIN_MSG } from '@aesa/shared/admin';
import { communicationsSendSchema } from '@aesa/shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import { type CommunicationFormValues, sendInput } from './send-input.ts';
import { templates } from './templates.ts';

const ready: CommunicationFormValues = { subject: 'Hello', body: 'A message of twenty+ characters', mode: 'roles', groups: ['member'], members: [] };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The first message the form shows (subject, then message, then recipients), or null when it can be sent. */
const problem = (values: CommunicationFormValues) => {
  const parsed = communicationsSendSchema.safeParse(sendInput(values));
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('communications form', () => {
  it('is ready with a 5-character subject, a 20-character message and a role', () => {
    expect(problem(ready)).toBeNull();
    expect(problem({ ...ready, subject: 'x'.repeat(255), body: 'y'.repeat(20) })).toBeNull();
  });

  it('refuses a subject under 5 or over 255 characters (spaces do not count)', () => {
    expect(problem({ ...ready, subject: 'Hi  ' })).toBe(ADMIN_MSG.subjectLength);
    expect(problem({ ...ready, subject: '    Hi     ' })).toBe(ADMIN_MSG.subjectLength);
    expect(problem({ ...ready, subject: 'x'.repeat(256) })).toBe(ADMIN_MSG.subjectLength);
  });

  it('refuses a message under 20 characters', () => {
    expect(problem({ ...ready, body: 'y'.repeat(19) })).toBe(ADMIN_MSG.bodyTooShort);
  });

  it('refuses no recipients with the alert of the chosen mode, under the path the screen shows', () => {
    expect(problem({ ...ready, groups: [] })).toBe(ADMIN_MSG.selectRecipientRole);
    expect(problem({ ...ready, mode: 'members', groups: ['all'] })).toBe(ADMIN_MSG.selectMember);
    expect(problem({ ...ready, mode: 'members', groups: [], members: [{ id: uuid(1) }] })).toBeNull();
    const parsed = communicationsSendSchema.safeParse(sendInput({ ...ready, groups: [] }));
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path)).toEqual([['recipients']]);
  });

  it('sends groups in role mode and member ids in members mode, never both', () => {
    expect(sendInput({ ...ready, groups: ['all', 'student'], members: [{ id: 'x' }] })).toEqual({ subject: 'Hello', body: ready.body, recipient_groups: ['student', 'all'] });
    expect(sendInput({ ...ready, mode: 'members', members: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] })).toEqual({ subject: 'Hello', body: ready.body, recipient_user_ids: ['a', 'b'] });
    const parsed = communicationsSendSchema.parse(sendInput({ ...ready, subject: ' Hello ', body: ` ${ready.body} ` }));
    expect(parsed).toMatchObject({ subject: 'Hello', body: ready.body });
  });

  it('offers the three quick templates, each passing the rules', () => {
    const list = templates('AESA');
    expect(list.map((t) => t.name)).toEqual(['Event Announcement', 'Meeting Reminder', 'Newsletter Update']);
    for (const t of list) expect(problem({ ...ready, subject: t.subject, body: t.body })).toBeNull();
  });
});
