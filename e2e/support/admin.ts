import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { cliArgs } from '../../apps/server/test-faults/support/serve-command.ts';
import { newMember } from './factories.ts';
import type { Member } from './flows.ts';

// Helpers of the admin-area tests: the run's super admin (made with the operator's command), admins
// made as a person would make them (the super admin creates a role with the module's flags and
// gives it to a member, through the API; fixtures.ts), and the browser's alerts and confirms.

export type Flag = 'is_super_admin' | 'is_editorial_admin' | 'is_data_admin' | 'is_electoral_admin' | 'is_event_admin' | 'is_email_admin' | 'is_finance_admin';

let superAdmin: Member | null = null;
let superToken = '';

export async function tokenOf(request: APIRequestContext, member: Pick<Member, 'matric' | 'password'>): Promise<{ token: string; id: string }> {
  const res = await request.post('/api/auth/token', { data: { matric_number: member.matric, password: member.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/**
 * The run's super admin, made once per worker with the operator's command (`npm run
 * create-admin`) on the test server's data, and a bearer token of theirs.
 */
export async function theSuperAdmin(request: APIRequestContext): Promise<{ member: Member; token: string }> {
  if (!superAdmin) {
    // Not containing a part of its name ("Admin"): create-admin refuses that (the password rules).
    const admin = newMember({ password: 'board-pass-123' });
    execFileSync(
      process.execPath,
      [...cliArgs('create-admin'), '--email', admin.email, '--matric', admin.matric, '--password', admin.password, '--name', 'Ada Admin'],
      { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, stdio: 'pipe' },
    );
    superAdmin = admin;
    superToken = (await tokenOf(request, superAdmin)).token;
  }
  return { member: superAdmin, token: superToken };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The headers of a change made from the record as it is now: the bearer token and the record's
 * ETag as If-Match (a change names the version it was made from; decision 054).
 */
export async function asRead(request: APIRequestContext, url: string, token: string): Promise<Record<string, string>> {
  const read = await request.get(url, { headers: bearer(token) });
  expect(read.ok(), await read.text()).toBe(true);
  return { ...bearer(token), 'If-Match': read.headers().etag! };
}

/**
 * Deletes an event as an event admin would, from its version as it is now. Tests that make
 * events delete them: other files sharing the server check the events list's contents.
 */
export async function deleteEvent(request: APIRequestContext, id: string, token: string): Promise<void> {
  const url = `/api/admin/events/${id}`;
  const res = await request.delete(url, { headers: await asRead(request, url, token) });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Gives an existing account a new admin role with exactly these flags, as the super admin does
 * on the Super Admin screen: a role, then an admin user holding it. Returns the role's id.
 */
export async function makeAdmin(request: APIRequestContext, userId: string, flags: Flag[]): Promise<string> {
  const headers = bearer((await theSuperAdmin(request)).token);
  const role = await request.post('/api/admin/roles', {
    headers,
    data: { role_name: unique(`E2E ${flags.join(' ')}`), description: 'e2e', ...Object.fromEntries(flags.map((f) => [f, true])) },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const roleId = ((await role.json()) as { role: { id: string } }).role.id;
  const admin = await request.post('/api/admin/users', { headers, data: { user_id: userId, admin_role_id: roleId } });
  expect(admin.ok(), await admin.text()).toBe(true);
  return roleId;
}

/**
 * Records the text of every in-app confirm and notice the admin screens show (components/ui/
 * app-dialogs.tsx) and answers each with OK, as an officer who agrees to everything would.
 */
export async function recordDialogs(page: Page): Promise<string[]> {
  const seen: string[] = [];
  // The browser's own alert and confirm are not used any more: one would show up here as such.
  page.on('dialog', (dialog) => {
    seen.push(`native ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.exposeFunction('__aesaDialogSeen', (text: string) => void seen.push(text));
  const watch = () => {
    const answer = () => {
      for (const dialog of document.querySelectorAll<HTMLElement>('[data-app-dialog]:not([data-answered])')) {
        dialog.setAttribute('data-answered', '');
        const text = dialog.querySelector('[data-app-dialog-text]')?.textContent ?? '';
        void (window as unknown as { __aesaDialogSeen(text: string): Promise<void> }).__aesaDialogSeen(text).then(() =>
          dialog.querySelector<HTMLButtonElement>('[data-app-dialog-accept]')?.click(),
        );
      }
    };
    new MutationObserver(answer).observe(document, { childList: true, subtree: true });
  };
  await page.addInitScript(watch);
  await page.evaluate(watch);
  return seen;
}

/** An 8x8 PNG (the server decodes and re-encodes every image). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGOQi1qAFTEMLQkAOd1GAUE19XUAAAAASUVORK5CYII=',
  'base64',
);

/** A regular expression matching the text literally. */
export const esc = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Digits nobody else in the run has (a matric number part that a digits-only search finds). */
export const uniqueDigits = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e3)}`.padStart(12, '7');

export { expectAccessible, expectAccessibleAtBothWidths } from './page-checks.ts';
