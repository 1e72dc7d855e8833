import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { claimOutbox } from '../src/modules/mail/mail.queries.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL: no mail worker drains the outbox under the test
});
afterAll(() => t.close());

describe('the mail outbox', () => {
  it('serves account mail before the notices queued ahead of it, and the rest in the order queued', async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, s));
    await t.app.db.insert(mailOutbox).values([
      ...Array.from({ length: 5 }, (_, i) => ({ to_address: `n${i}@example.com`, subject: `Voting is open ${i}`, text_body: 'x', kind: 'election_notices' as const, created_at: at(i) })),
      { to_address: 'ada@example.com', subject: 'Reset your password', text_body: 'x', kind: 'account' as const, created_at: at(10) },
    ]);
    const first = await claimOutbox(t.app.db, 3, 60);
    expect(first.map((m) => m.subject)).toEqual(['Reset your password', 'Voting is open 0', 'Voting is open 1']);
    const next = await claimOutbox(t.app.db, 10, 60);
    expect(next.map((m) => m.subject)).toEqual(['Voting is open 2', 'Voting is open 3', 'Voting is open 4']);
  });
});
