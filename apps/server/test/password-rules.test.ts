import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MSG } from '@aesa/shared/password-rules';
import { loginFailures, users } from '../src/db/schema.ts';
import { issueSetupLink } from '../src/modules/setup/setup.service.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { tokenFromMail } from './support/smtp-sink.ts';
import { PASSWORD, signedInMember } from './support/factories.ts';
import { refusal } from './support/refusal.ts';

// A new password may not be one character repeated, nor contain the member's matric number,
// e-mail name, a part of their name (4 letters or more) or the association's name (ASSOCIATION_NAME),
// whatever the case: wherever a password is set, with a message that says why, and nothing changes.

const { t, smtp } = useTestAppWithMail({ associationName: 'AESA' });

let n = 0;
const from = () => `10.79.${(n >> 8) % 250}.${n++ % 250}`;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: from() });
const login = (matric: string, password: string) => post('/api/auth/token', { matric_number: matric, password });
const change = (headers: Record<string, string>, new_password: string, current_password = PASSWORD) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/update', headers, payload: { current_password, new_password }, remoteAddress: from() });
const hashOf = async (id: string) => (await t.app.db.select({ h: users.password_hash }).from(users).where(eq(users.id, id)))[0]!.h;
const failuresOf = async (id: string) =>
  (await t.app.db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.user_id, id), eq(loginFailures.kind, 'password'))))[0]!.n;
const personal = (message: string) => refusal(message, 'AUTH_PASSWORD_PERSONAL');

/** A member with a known name, e-mail and matric number. */
const ada = () => {
  const id = randomBytes(3).toString('hex');
  return signedInMember(t.app, { name: 'Adaeze Okonkwo-Bello', email: `ada.flyer${id}@example.test`, matric_number: `AE/21/${id}`.toUpperCase() });
};

describe('changing one’s password', () => {
  it('refuses each rule with its own message, counts no try and changes nothing', async () => {
    const m = await ada();
    const before = await hashOf(m.user.id);
    const matric = m.user.matric_number;
    const local = m.user.email.split('@')[0]!;
    const cases: [string, object][] = [
      [' '.repeat(8), refusal(PASSWORD_RULE_MSG.repeated)],
      ['aaaaaaaa', refusal(PASSWORD_RULE_MSG.repeated)],
      ['7777777777', refusal(PASSWORD_RULE_MSG.repeated)],
      [`${matric}-launch`, personal(PASSWORD_RULE_MSG.matric)],
      [`x${matric.toLowerCase().replaceAll('/', '')}x`, personal(PASSWORD_RULE_MSG.matric)], // without its slashes
      [`${local.toUpperCase()}-99`, personal(PASSWORD_RULE_MSG.emailName)],
      ['my-adaeze-pass', personal(PASSWORD_RULE_MSG.name)],
      ['okonkwo-rocket', personal(PASSWORD_RULE_MSG.name)],
      ['BELLO-flies-2026', personal(PASSWORD_RULE_MSG.name)],
      ['aesa2026!', personal(PASSWORD_RULE_MSG.association('AESA'))],
      ['Go-AeSa-team-1', personal(PASSWORD_RULE_MSG.association('AESA'))],
    ];
    for (const [password, expected] of cases) {
      const res = await change(m.headers, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(expected);
    }
    expect(await hashOf(m.user.id)).toBe(before);
    expect(await failuresOf(m.user.id)).toBe(0);
    expect((await login(matric, PASSWORD)).statusCode).toBe(200);
  });

  it('allows name parts shorter than 4 letters and passwords that merely share letters', async () => {
    const m = await signedInMember(t.app, { name: 'Ify Oji' });
    expect((await change(m.headers, 'ify-and-oji-fly-high')).statusCode).toBe(200);
    expect((await login(m.user.matric_number, 'ify-and-oji-fly-high')).statusCode).toBe(200);
  });
});

describe('setting a password from an e-mail link', () => {
  it('the "set your password" link and a reset refuse them and stay usable', async () => {
    const id = randomBytes(3).toString('hex');
    const email = `chidi.wings${id}@example.test`;
    const matric = `AE/23/${id}`.toUpperCase();
    await post('/api/auth/signup', { email, matric_number: matric });
    const token = tokenFromMail(await smtp.waitFor(email));
    const confirm = (new_password: string, tok = token) => post('/api/auth/reset-password-confirm', { token: tok, new_password });
    expect((await confirm(`${matric.toLowerCase()}!`)).json()).toEqual(personal(PASSWORD_RULE_MSG.matric));
    expect((await confirm(`Chidi.Wings${id}-1`)).json()).toEqual(personal(PASSWORD_RULE_MSG.emailName));
    expect((await confirm('aesa-forever')).json()).toEqual(personal(PASSWORD_RULE_MSG.association('AESA')));
    expect((await confirm('zzzzzzzzzz')).json()).toEqual(refusal(PASSWORD_RULE_MSG.repeated));
    // The link was not used up by the refusals.
    expect((await confirm('glide-slope-quiet-7')).statusCode).toBe(200);
    expect((await login(matric, 'glide-slope-quiet-7')).statusCode).toBe(200);

    // A reset (the member's name is known by now).
    await t.app.db.update(users).set({ name: 'Chidinma Eze' }).where(eq(users.email, email));
    await post('/api/auth/forgot-password', { email });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(2);
    const resetToken = tokenFromMail(smtp.received.filter((m) => m.to.includes(email)).at(-1)!);
    expect((await confirm('chidinma-2026', resetToken)).json()).toEqual(personal(PASSWORD_RULE_MSG.name));
    expect((await confirm('tail-wind-north-3', resetToken)).statusCode).toBe(200);
  });

  it('a bad link is refused as before, whatever the password', async () => {
    const res = await post('/api/auth/reset-password-confirm', { token: 'x'.repeat(43), new_password: 'aesa-anything-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AUTH_RESET_LINK_INVALID');
  });
});

describe('the first administrator and create-admin', () => {
  it('setup refuses the new administrator’s own details and uses no link', async () => {
    await t.app.db.execute(sql`delete from admin_users`);
    const link = (await issueSetupLink(t.app.db, t.config))!;
    const token = new URL(link).searchParams.get('token')!;
    const body = { token, name: 'Ngozi Chair', email: 'ngozi.chair@example.test', matric_number: 'AE/19/7777' };
    expect((await post('/api/setup/first-admin', { ...body, password: 'ngozi-runs-it' })).json()).toEqual(personal(PASSWORD_RULE_MSG.name));
    expect((await post('/api/setup/first-admin', { ...body, password: 'AESA-leads-2026' })).json()).toEqual(personal(PASSWORD_RULE_MSG.association('AESA')));
    expect((await post('/api/setup/first-admin', { ...body, password: '        ' })).json()).toEqual(refusal(PASSWORD_RULE_MSG.repeated));
    expect((await post('/api/setup/first-admin', { ...body, password: 'a long first passphrase' })).statusCode).toBe(200);
  });

  it('create-admin refuses them too', async () => {
    const run = (password: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', 'kemi@example.edu', '--matric', 'AE/19/0042', '--name', 'Kemi Adeyemi', '--password', password], {
        env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent', ASSOCIATION_NAME: 'AESA' },
      }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const own = await run('adeyemi-board-1');
    expect(own.code).toBe(2);
    expect(own.out).toContain(PASSWORD_RULE_MSG.name);
    const repeated = await run('########');
    expect(repeated.code).toBe(2);
    expect(repeated.out).toContain(PASSWORD_RULE_MSG.repeated);
    expect((await login('AE/19/0042', 'adeyemi-board-1')).statusCode).toBe(401);
  }, 60_000);
});
