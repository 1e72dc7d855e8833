import { type Page, expect } from '@playwright/test';
import type { newMember } from './factories.ts';

export type Member = ReturnType<typeof newMember>;

/**
 * Logs in through the API and hands the session to the page, as the login screen stores it
 * (once per tab: a later sign-out in the test is not undone by the next navigation).
 */
export async function signInAs(page: Page, member: Pick<Member, 'matric' | 'password'>) {
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
