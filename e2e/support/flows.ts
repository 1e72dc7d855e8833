import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { newMember } from './factories.ts';
import { linkPath, waitForMail } from './mailbox.ts';

export type Member = ReturnType<typeof newMember>;

/** Signs a member up and sets the first password through the API, as the e-mailed link would. */
export async function createMember(request: APIRequestContext, overrides?: Partial<Member>): Promise<Member> {
  const member = newMember(overrides);
  const signup = await request.post('/api/auth/signup', { data: { email: member.email, matric_number: member.matric } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const token = new URL(linkPath(await waitForMail(member.email, /set your password/i)), 'http://x').searchParams.get('token');
  const reset = await request.post('/api/auth/reset-password-confirm', { data: { token, new_password: member.password } });
  expect(reset.ok(), await reset.text()).toBe(true);
  return member;
}

/** A super admin made with the operator's command (`npm run create-admin`), on the test server's data. */
export function createSuperAdmin(): Member {
  const admin = newMember({ password: 'admin-pass-123' });
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', admin.email, '--matric', admin.matric, '--password', admin.password, '--name', 'Ada Admin'],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, stdio: 'pipe' },
  );
  return admin;
}

/**
 * Logs in through the API and hands the session to the page, as the login screen stores it
 * (once per tab: a later sign-out in the test is not undone by the next navigation).
 */
export async function signInAs(page: Page, member: Member) {
  const res = await page.request.post('/api/auth/token', { data: { matric_number: member.matric, password: member.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const session = (await res.json()) as { token: string; user: unknown; expires_at: string };
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('e2e.seeded')) return;
    sessionStorage.setItem('e2e.seeded', '1');
    localStorage.setItem('aesa.token', s.token);
    localStorage.setItem('aesa.expires_at', String(Date.parse(s.expires_at)));
    localStorage.setItem('aesa.user', JSON.stringify(s.user));
  }, session);
  return session;
}

/** Logs in through the login screen. */
export async function logInThroughUi(page: Page, matric: string, password: string) {
  await page.getByLabel('Matric Number').fill(matric);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
