import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

// A file (or a describe block) names its test app once at the top and uses it everywhere below,
// while the app itself boots in beforeAll and closes in afterAll. What these functions answer
// stands in for what the hooks make: reading it before the hooks ran is an error that says so.

/** Forwards every read to what `current()` gives once the hooks have made it. */
function standIn<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = current();
      if (value === undefined) throw new Error(`${what} is not booted yet: use it inside a test or a hook, not at the top of the file`);
      return Reflect.get(value, key);
    },
  });
}

/** The real app on a fresh database, booted before the tests of the file (or describe block) and closed after them. */
export function useTestApp(overrides: Partial<AppConfig> = {}, options: Parameters<typeof createTestApp>[1] = {}): TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(overrides, options);
  });
  afterAll(() => t?.close());
  return standIn(() => t, 'the test app');
}

/** As useTestApp, with the app's mail sent over SMTP to a real sink on 127.0.0.1 that keeps every message. */
export function useTestAppWithMail(overrides: Partial<AppConfig> = {}): { t: TestApp; smtp: SmtpSink } {
  let t: TestApp | undefined;
  let smtp: SmtpSink | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ ...overrides, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  return { t: standIn(() => t, 'the test app'), smtp: standIn(() => smtp, 'the SMTP sink') };
}
