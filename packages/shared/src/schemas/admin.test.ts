import { describe, expect, it } from 'vitest';
import { ADMIN_MSG, BATCH_DEFAULTS } from '../admin.ts';
import { isSessionYear } from '../finance.ts';
import {
  adminRoleCreateSchema,
  adminUserCreateSchema,
  communicationsSendSchema,
  executiveCreateSchema,
  executiveUpdateSchema,
  executiveYearFormSchema,
  memberRoleBatchFormSchema,
  memberRoleBatchItemSchema,
  superBulkEmailSchema,
} from './admin.ts';
import { firstMessages as messages } from '../testing/form-messages.ts';

const id = '00000000-0000-4000-8000-000000000001';

describe('the one year format (executives and member roles)', () => {
  it('is the academic session: two consecutive years joined by a hyphen', () => {
    for (const ok of ['2024-2025', '2026-2027', '1999-2000']) expect(isSessionYear(ok), ok).toBe(true);
    for (const bad of ['2025', '2024/2025', '2024-2026', '2025-2024', '2024-25', '24/25', '2024 - 2025', '25', 'twenty', '', '2024-2025-2026']) {
      expect(isSessionYear(bad), bad).toBe(false);
    }
  });

  it('is the same rule, with the same message, on every route and form that takes a year', () => {
    for (const year of ['2024/2025', 'last year', '2023-2025', '2026']) {
      expect(messages(executiveYearFormSchema.safeParse({ year }))).toEqual({ year: ADMIN_MSG.yearInvalid });
      expect(messages(executiveUpdateSchema.safeParse({ year }))).toEqual({ year: ADMIN_MSG.yearInvalid });
      expect(messages(executiveCreateSchema.safeParse({ user_id: id, position: 'President', year }))).toEqual({ year: ADMIN_MSG.yearInvalid });
      expect(messages(memberRoleBatchItemSchema.safeParse({ user_id: id, role_name: 'Treasurer', associated_year_range: year }))).toEqual({
        associated_year_range: ADMIN_MSG.yearInvalid,
      });
    }
    expect(executiveYearFormSchema.parse({ year: ' 2024-2025 ' })).toEqual({ year: '2024-2025' });
    expect(executiveCreateSchema.safeParse({ user_id: id, position: 'President', year: 2026 }).success).toBe(false);
  });

  it('gives a batch item the default session when the year range is left out or empty', () => {
    for (const associated_year_range of [undefined, null, '', '  ']) {
      expect(memberRoleBatchItemSchema.parse({ user_id: id, role_name: 'Treasurer', associated_year_range }).associated_year_range).toBe(BATCH_DEFAULTS.associated_year_range);
    }
    expect(isSessionYear(BATCH_DEFAULTS.associated_year_range)).toBe(true);
  });
});

describe('the batch form', () => {
  it('is the route item with the picker message for a missing member', () => {
    expect(messages(memberRoleBatchFormSchema.safeParse({ user_id: '', role_name: ' ' }))).toEqual({ user_id: ADMIN_MSG.noUserSelected, role_name: ADMIN_MSG.roleNameMissing });
    expect(messages(memberRoleBatchItemSchema.safeParse({ role_name: 'x' }))).toEqual({ user_id: ADMIN_MSG.userRequired });
  });
});

describe('bulk e-mail (one rule for both screens, decision 020)', () => {
  const ready = { subject: 'Hello', body: 'A message of twenty characters or more' };

  it('says required before the length', () => {
    expect(messages(superBulkEmailSchema.safeParse({ subject: ' ', body: '', recipient_roles: ['all'] }))).toEqual({ subject: ADMIN_MSG.subjectRequired, body: ADMIN_MSG.bodyRequired });
    expect(messages(communicationsSendSchema.safeParse({ subject: '', body: ' ', recipient_groups: ['all'] }))).toEqual({ subject: ADMIN_MSG.subjectRequired, body: ADMIN_MSG.bodyRequired });
  });

  it('takes a subject of 5 to 255 characters and a message of 20 or more, spaces aside, on both screens', () => {
    for (const schema of [superBulkEmailSchema, communicationsSendSchema]) {
      const recipients = { recipient_roles: ['all'], recipient_groups: ['all'] };
      expect(schema.safeParse({ ...ready, ...recipients, subject: '  Hey  ' }).error?.issues[0]?.message).toBe(ADMIN_MSG.subjectLength);
      expect(schema.safeParse({ ...ready, ...recipients, subject: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(ADMIN_MSG.subjectLength);
      expect(schema.safeParse({ ...ready, ...recipients, body: 'y'.repeat(19) }).error?.issues[0]?.message).toBe(ADMIN_MSG.bodyTooShort);
      expect(schema.safeParse({ ...ready, ...recipients, subject: 'x'.repeat(255), body: 'y'.repeat(20) }).success).toBe(true);
    }
  });

  it('asks for recipients with each screen’s words', () => {
    expect(messages(superBulkEmailSchema.safeParse({ ...ready, recipient_roles: [' '] }))).toEqual({ recipient_roles: ADMIN_MSG.selectRecipientRoleOrUsers });
    expect(messages(communicationsSendSchema.safeParse({ ...ready, recipient_groups: [] }))).toEqual({ recipients: ADMIN_MSG.selectRecipientRole });
    expect(messages(communicationsSendSchema.safeParse({ ...ready, recipient_user_ids: [] }))).toEqual({ recipients: ADMIN_MSG.selectMember });
  });

  it('takes groups and registered-looking addresses, lower-cased, once each; refuses anything else by name', () => {
    expect(superBulkEmailSchema.parse({ ...ready, recipient_roles: ['member', 'Ada@Example.com', 'ada@example.com'] }).recipient_roles).toEqual(['member', 'ada@example.com']);
    expect(messages(superBulkEmailSchema.safeParse({ ...ready, recipient_roles: ['admins'] }))).toEqual({ recipient_roles: ADMIN_MSG.unknownGroup('admins') });
  });
});

describe('roles and admin users', () => {
  it('requires a role name, and a user and a role for an admin user', () => {
    expect(messages(adminRoleCreateSchema.safeParse({ role_name: '  ' }))).toEqual({ role_name: ADMIN_MSG.roleNameRequired });
    expect(adminRoleCreateSchema.parse({ role_name: ' Editors ', is_editorial_admin: true })).toMatchObject({ role_name: 'Editors', is_editorial_admin: true });
    expect(messages(adminUserCreateSchema.safeParse({ user_id: '', admin_role_id: '' }))).toEqual({ user_id: ADMIN_MSG.userRequired, admin_role_id: ADMIN_MSG.roleRequired });
  });
});
