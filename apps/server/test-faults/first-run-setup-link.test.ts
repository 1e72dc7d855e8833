import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SETUP_MSG } from '@aesa/shared/setup';
import { ensureSuperAdmin } from '../src/modules/admin/super-admin.ts';
import { issueSetupLink } from '../src/modules/setup/setup.service.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { listenForStrangers, rawRequest } from './support/stranger.ts';
import { refusal } from '../test/support/refusal.ts';

// Attack: a stranger on the network goes for the first-administrator setup of a site that has no
// super admin yet (the link's route is public: it must be reachable from the operator's browser
// wherever the server runs). Without the printed link's token nothing happens; a link works
// once, and not at all once a super admin exists; tries are limited per address. All over TCP
// from the stranger's network namespace (support/netns.ts).

const t = useTestApp();
const tcp = listenForStrangers(t);

const guess = () => randomBytes(32).toString('base64url');
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
const admin = () => {
  const id = randomBytes(4).toString('hex');
  return { name: 'Stranger Danger', email: `x.${id}@example.test`, matric_number: `X/${id}`, password: 'a long visitor passphrase' }; // not a part of the name (the password rules)
};
const post = (body: unknown) => rawRequest(tcp.port, { method: 'POST', path: '/api/setup/first-admin', body });
const superAdmins = async () =>
  (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from admin_users au join admin_roles ar on ar.id = au.admin_role_id where ar.is_super_admin`)).rows[0]!.n;
const users = async () => (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n;

describe('the setup link against a stranger', () => {
  it('without the printed token, or with a guessed one, creates nothing', async () => {
    expect(await issueSetupLink(t.app.db, t.config)).not.toBeNull();
    const none = await post(admin());
    expect(none.status).toBe(400);
    expect(none.json()).toEqual(refusal(SETUP_MSG.tokenMissing));
    const guessed = await post({ token: guess(), ...admin() });
    expect(guessed.status).toBe(400);
    expect(guessed.json().error).toBe(SETUP_MSG.tokenInvalid);
    const status = await rawRequest(tcp.port, { path: `/api/setup/status?token=${guess()}` });
    expect(status.json()).toEqual({ success: true, valid: false });
    expect(await users()).toBe(0);
  });

  it('a link printed before a super admin was made another way is refused', async () => {
    const token = tokenOf(await issueSetupLink(t.app.db, t.config));
    await ensureSuperAdmin(t.app.db, { email: 'operator@example.test', matric: 'OPERATOR1', password: 'the operator passphrase' });
    const res = await post({ token, ...admin() });
    expect(res.status).toBe(409);
    expect(await superAdmins()).toBe(1);
    expect(await users()).toBe(1);
    await t.app.db.execute(sql`delete from users`);
  });

  it('of five parallel uses of one link, exactly one creates an administrator', async () => {
    const token = tokenOf(await issueSetupLink(t.app.db, t.config));
    const results = await Promise.all(Array.from({ length: 5 }, () => post({ token, ...admin() })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await superAdmins()).toBe(1);
    expect(await users()).toBe(1);
  });

  it('limits the tries of one address', async () => {
    // Eight tries so far from this address; the limit is ten per 15 minutes.
    expect((await post({ token: guess(), ...admin() })).status).toBe(400);
    expect((await post({ token: guess(), ...admin() })).status).toBe(400);
    const limited = await post({ token: guess(), ...admin() });
    expect(limited.status).toBe(429);
    expect(limited.json().success).toBe(false);
  });
});
