import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** Its headers by lower-case name (List-Unsubscribe, …). */
  headers: Record<string, string>;
}

// The catcher writes each mail once and never changes it: each file is read once per process.
// (A late test otherwise read and parsed thousands of files ten times a second while it waited.)
const caught = new Map<string, CaughtMail>();

function readAll(): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      let mail = caught.get(f);
      if (!mail) caught.set(f, (mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CaughtMail));
      return mail;
    });
}

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))
          .at(-1);
        return !!found;
      },
      // The catcher writes what arrived every 50 ms: look often rather than back off to 1 s.
      { timeout: timeoutMs, intervals: [100], message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** Every caught mail with exactly this subject, in the order it arrived. */
export function mailsWithSubject(subject: string): CaughtMail[] {
  return readAll().filter((m) => m.subject === subject);
}

/** The portal link in a mail, as a path of the app (the test's base URL serves it). */
export function linkPath(mail: CaughtMail): string {
  const match = /https?:\/\/[^\s/]+(\/(?:reset|set)-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no portal link in mail: ${mail.text}`);
  return match[1]!;
}
