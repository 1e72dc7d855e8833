import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

// A file (or a describe block) names its test app once at the top and uses it everywhere below,
// while the app itself boots in beforeAll and closes in afterAll. What these functions answer
// stands in for what the hooks make: reading it before the hooks ran is an error that says so.

function booted<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not booted yet: use it inside a test or a hook, not at the top of the file`);
  return value;
}

function testAppStandIn(current: () => TestApp | undefined): TestApp {
  const t = () => booted(current(), 'the test app');
  return {
    get app() {
      return t().app;
    },
    get database() {
      return t().database;
    },
    get config() {
      return t().config;
    },
    get clock() {
      return t().clock;
    },
    close: () => t().close(),
  };
}

function smtpSinkStandIn(current: () => SmtpSink | undefined): SmtpSink {
  const sink = () => booted(current(), 'the SMTP sink');
  return {
    get url() {
      return sink().url;
    },
    get port() {
      return sink().port;
    },
    get received() {
      return sink().received;
    },
    waitFor: (to, timeoutMs) => sink().waitFor(to, timeoutMs),
    close: () => sink().close(),
  };
}

/** The real app on a fresh database, booted before the tests of the file (or describe block) and closed after them. */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(overrides);
  });
  afterAll(() => t?.close());
  return testAppStandIn(() => t);
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
  return { t: testAppStandIn(() => t), smtp: smtpSinkStandIn(() => smtp) };
}
