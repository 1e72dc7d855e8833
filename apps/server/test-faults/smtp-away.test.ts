import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema.ts';
import { freePort } from '../src/db/embedded.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { startSmtpSink } from '../test/support/smtp-sink.ts';

// Mail queued while the SMTP server is down is delivered once it is back: none lost, none twice.
let t: TestApp;
let port: number;

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(() => t.close());

describe('SMTP away', () => {
  it('delivers every queued message exactly once after the mail server returns', async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => `away${i}@example.com`);
    for (const [i, email] of addresses.entries()) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress: `10.1.0.${i}`, payload: { email, matric_number: `AWAY/${i}` } });
      expect(res.statusCode).toBe(200);
    }
    // The worker has tried and failed at least once for every message.
    await expect
      .poll(async () => (await t.app.db.select().from(mailOutbox)).filter((m) => m.attempts >= 1 && m.last_error).length, { timeout: 10_000 })
      .toBe(addresses.length);

    const sink = await startSmtpSink(port);
    try {
      await expect.poll(async () => (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length, { timeout: 20_000 }).toBe(addresses.length);
      await new Promise((r) => setTimeout(r, 500));
      for (const email of addresses) expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      expect(sink.received).toHaveLength(addresses.length);
    } finally {
      await sink.close();
    }
  });
});
