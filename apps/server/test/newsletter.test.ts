import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { MEMBERS_MSG } from '@aesa/shared/members';
import { newsletterSubscribers } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });
const rows = async (email: string) => ((await t.app.db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))) as [{ n: number }])[0].n;

describe('POST /api/newsletter', () => {
  it('stores the address (trimmed, lower-cased) and thanks the visitor', async () => {
    const res = await subscribe({ email: '  Amaka.Obi@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MEMBERS_MSG.newsletterThanks });
    expect(await rows('amaka.obi@example.com')).toBe(1);
  });

  it('gives the same answer for an address already subscribed, and keeps one row', async () => {
    const first = await subscribe({ email: 'tunde@example.com' });
    const second = await subscribe({ email: 'TUNDE@example.com' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await rows('tunde@example.com')).toBe(1);
  });

  it('refuses a missing or invalid address with the spec messages, storing nothing', async () => {
    const before = ((await t.app.db.select({ n: count() }).from(newsletterSubscribers)) as [{ n: number }])[0].n;
    expect((await subscribe({})).json()).toEqual(refusal(MSG.emailRequired));
    const bad = await subscribe({ email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MSG.emailInvalid);
    expect((await subscribe({ email: ['a@b.co'] })).statusCode).toBe(400);
    expect(((await t.app.db.select({ n: count() }).from(newsletterSubscribers)) as [{ n: number }])[0].n).toBe(before);
  });

  it('limits sign-ups per address (5 an hour), without blocking other addresses', async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe({ email: 'spam.target@example.com' })).statusCode).toBe(200);
    const limited = await subscribe({ email: 'Spam.Target@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(refusal(SERVER_MSG.tooManyRequests, 'RATE_LIMITED'));
    expect((await subscribe({ email: 'someone.else@example.com' })).statusCode).toBe(200);
  });
});
