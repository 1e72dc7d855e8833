import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ELECTION_MSG } from '../elections.ts';
import { FINANCE_MSG } from '../finance.ts';
import { PROFILE_MSG } from '../profile.ts';
import { coded, codedIssue, refusalOfIssue } from './coded.ts';
import { electionCreateSchema } from './elections.ts';
import { cashPaymentSchema, sessionCreateSchema } from './finance.ts';
import { projectCreateSchema } from './profile.ts';

const first = (result: z.ZodSafeParseResult<unknown>) => refusalOfIssue(result.error?.issues[0]);

describe('schema rules with a refusal code of their own', () => {
  it('carry the code on the issue, from built-in checks and from refine alike', () => {
    const schema = z.object({ n: z.number(coded('PAYMENT_AMOUNT_INVALID')).min(1, coded('PAYMENT_AMOUNT_INVALID')) });
    expect(first(schema.safeParse({ n: 'x' }))).toEqual({ code: 'PAYMENT_AMOUNT_INVALID', message: FINANCE_MSG.amountInvalid, params: [], field: 'n' });
    expect(first(schema.safeParse({ n: 0 }))).toMatchObject({ code: 'PAYMENT_AMOUNT_INVALID', field: 'n' });
    const refined = z.object({ a: z.number() }).refine((v) => v.a > 0, { ...coded('VOTE_ALREADY_CAST', 'President'), path: ['a'] });
    expect(first(refined.safeParse({ a: 0 }))).toEqual({ code: 'VOTE_ALREADY_CAST', message: 'You have already voted for President', params: ['President'], field: 'a' });
    const byHand = z.object({}).superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path: ['x'], ...codedIssue('PROFILE_END_BEFORE_START') }));
    expect(first(byHand.safeParse({}))).toMatchObject({ code: 'PROFILE_END_BEFORE_START', field: 'x' });
  });

  it('gives the shared schemas\' cross-field rules their codes, on the later field', () => {
    const election = electionCreateSchema.safeParse({ title: 'T', start_time: '2026-12-02T10:00:00Z', end_time: '2026-12-01T10:00:00Z' });
    expect(first(election)).toEqual({ code: 'ELECTION_END_BEFORE_START', message: ELECTION_MSG.endBeforeStart, params: [], field: 'end_time' });
    const session = sessionCreateSchema.safeParse({ year: '2026-2027', starts_on: '2026-10-01', ends_on: '2026-09-01', dues_amount: 100 });
    expect(first(session)).toMatchObject({ code: 'SESSION_END_BEFORE_START', field: 'ends_on' });
    const project = projectCreateSchema.safeParse({ title: 'Rig', description: 'A rig.', start_date: '2025-03-02', end_date: '2025-03-01' });
    expect(first(project)).toMatchObject({ code: 'PROFILE_END_BEFORE_START', message: PROFILE_MSG.endBeforeStart, field: 'end_date' });
    expect(first(cashPaymentSchema.safeParse({ user_id: '7f0c9a52-1d7e-4a59-9a34-1b2f3c4d5e6f', amount: -1, method: 'cash' }))).toMatchObject({ code: 'PAYMENT_AMOUNT_INVALID', field: 'amount' });
  });

  it('leaves a rule without a code of its own as VALIDATION_FAILED, with its own message', () => {
    const schema = z.object({ name: z.string().min(1, 'Name is required') });
    expect(first(schema.safeParse({ name: '' }))).toEqual({ code: 'VALIDATION_FAILED', message: 'Name is required', params: [], field: 'name' });
    expect(refusalOfIssue({ message: 'x', path: [] }, 'NOT_FOUND')).toMatchObject({ code: 'NOT_FOUND', field: undefined });
  });
});
