import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { createNamedAccount } from './elections.ts';
import { type Member, createSuperAdmin } from './flows.ts';

// Helpers of the admin-area tests (admin-a, admin-b): admins made as a person would make them (a
// super admin from the operator's create-admin command creates a role with the module's flags and
// gives it to a member, through the API), the page checks, and the browser's alerts and confirms.

export type Flag = 'is_super_admin' | 'is_editorial_admin' | 'is_data_admin' | 'is_electoral_admin' | 'is_event_admin' | 'is_email_admin';

let superAdmin: Member | null = null;
let superToken = '';

export async function tokenOf(request: APIRequestContext, member: Member): Promise<{ token: string; id: string }> {
  const res = await request.post('/api/auth/token', { data: { matric_number: member.matric, password: member.password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/** The run's super admin (made once with the operator's command) and a bearer token of theirs. */
export async function theSuperAdmin(request: APIRequestContext): Promise<{ member: Member; token: string }> {
  if (!superAdmin) {
    superAdmin = createSuperAdmin();
    superToken = (await tokenOf(request, superAdmin)).token;
  }
  return { member: superAdmin, token: superToken };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A member holding a new admin role with exactly these flags. The account comes from the
 * operator's command (which makes a super admin and sends no sign-up mail: sign-ups are rate
 * limited per client address, and the whole run shares one); the super admin then gives it the role.
 */
export async function createAdmin(request: APIRequestContext, flags: Flag[], name = 'Ade Admin'): Promise<Member & { id: string }> {
  const headers = bearer((await theSuperAdmin(request)).token);
  const roleName = unique(`E2E ${flags.join(' ')}`);
  const role = await request.post('/api/admin/roles', {
    headers,
    data: { role_name: roleName, description: 'e2e', ...Object.fromEntries(flags.map((f) => [f, true])) },
  });
  expect(role.ok(), await role.text()).toBe(true);
  const roleId = ((await role.json()) as { role: { id: string } }).role.id;
  const member = await createNamedAccount(name);
  const { id } = await tokenOf(request, member);
  const admins = (await (await request.get('/api/admin/users', { headers })).json()) as { admins: { id: string; user_id: string }[] };
  const adminUser = admins.admins.find((a) => a.user_id === id);
  expect(adminUser, 'the new account is an admin user').toBeTruthy();
  const changed = await request.patch(`/api/admin/users/${adminUser!.id}`, { headers, data: { admin_role_id: roleId } });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { ...member, id };
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

/** A regular expression matching the text literally. */
export const esc = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Digits nobody else in the run has (a matric number part that a digits-only search finds). */
export const uniqueDigits = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e3)}`.padStart(12, '7');

export { expectAccessible, expectAccessibleAtBothWidths } from './page-checks.ts';
