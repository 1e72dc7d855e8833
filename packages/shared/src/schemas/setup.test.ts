import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { SETUP_MSG } from '../setup.ts';
import { firstAdminFormSchema, firstAdminSchema, setupStatusQuerySchema } from './setup.ts';

const valid = { name: 'Ada Obi', email: 'Ada@Example.com', matric_number: 'ae/20/001', password: 'long-enough' };

describe('the first-administrator schemas', () => {
  it('need the setup link token', () => {
    expect(setupStatusQuerySchema.safeParse({ token: ' ' }).error?.issues[0]?.message).toBe(SETUP_MSG.tokenMissing);
    expect(setupStatusQuerySchema.safeParse({ token: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(SETUP_MSG.tokenInvalid);
  });

  it('normalise the account as sign-up does', () => {
    expect(firstAdminSchema.parse({ ...valid, token: 't' })).toEqual({ ...valid, email: 'ada@example.com', matric_number: 'AE/20/001', token: 't' });
  });

  it('ask the form for a matching confirmation, under its own field', () => {
    const mismatch = firstAdminFormSchema.safeParse({ ...valid, confirm_password: 'other' });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['confirm_password', MSG.passwordsMismatch]]);
    expect(firstAdminFormSchema.safeParse({ ...valid, confirm_password: valid.password }).success).toBe(true);
  });
});
