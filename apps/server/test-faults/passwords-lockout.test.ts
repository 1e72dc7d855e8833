import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { users } from '../src/db/schema.ts';
import { LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from '../src/modules/auth/secret-attempts.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { PASSWORD, signedInMember } from '../test/support/factories.ts';
import { listenOnAllAddresses, rawRequest, strangerAddress, type RawResponse } from './support/stranger.ts';
import { refusal } from '../test/support/refusal.ts';

// Password guessing in parallel bursts over real TCP from one stranger's address (its own
// network namespace). The lockout must hold however many tries arrive at once: a try is counted
// before its verdict, so at most LOCKOUT_FAILURES verdicts are given in a window for one account
// and address, and the rest are refused unchecked, a right password included. The per-address
// limits (100 sign-ins in 15 minutes, two places of the password pool) are lifted for the
// stranger (RATE_LIMIT_ALLOW), and the pool's queue may wait a minute rather than 3 s (a burst
// that would wait longer is refused at the door with 503: sign-in-storm.test.ts), so what answers
// is the lockout alone, which neither lifts: every refusal must be the account's own lockout message.

let t: TestApp;
let port: number;
beforeEach(async () => {
  t = await createTestApp({ rateLimitAllow: [strangerAddress()], passwordPool: { size: 2, maxWaitMs: 60_000 } });
  port = await listenOnAllAddresses(t.app);
});
afterEach(() => t.close());

const NEW_PASSWORD = 'burst-new-pass-7';

function login(matric: string, password: string) {
  return rawRequest(port, { method: 'POST', path: '/api/auth/token', body: { matric_number: matric, password } });
}

function changePassword(token: string, current: string) {
  return rawRequest(port, {
    method: 'PUT',
    path: '/api/auth/update',
    headers: { authorization: `Bearer ${token}` },
    body: { current_password: current, new_password: NEW_PASSWORD },
  });
}

/** Sends every request at once and answers the responses grouped by status. */
async function burst(requests: (() => Promise<RawResponse>)[]) {
  const responses = await Promise.all(requests.map((send) => send()));
  const byStatus = new Map<number, RawResponse[]>();
  for (const r of responses) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r]);
  return { responses, count: (status: number) => byStatus.get(status)?.length ?? 0, of: (status: number) => byStatus.get(status) ?? [] };
}

const wrongs = (n: number, send: (password: string) => Promise<RawResponse>) => Array.from({ length: n }, (_, i) => () => send(`wrong-guess-${i}`));

function expectLockedOut(responses: RawResponse[]) {
  for (const r of responses) expect(r.json()).toEqual(refusal(SERVER_MSG.accountLocked, 'AUTH_ACCOUNT_LOCKED'));
}

describe('login: parallel guesses against one account', () => {
  it('60 parallel wrong passwords get exactly 10 verdicts (401) and 50 refusals (429)', async () => {
    const { user } = await signedInMember(t.app);
    const res = await burst(wrongs(60, (p) => login(user.matric_number, p)));
    expect(res.count(401)).toBe(LOCKOUT_FAILURES);
    expect(res.count(429)).toBe(60 - LOCKOUT_FAILURES);
    for (const r of res.of(401)) expect(r.json().error).toBe(SERVER_MSG.invalidCredentials);
    expectLockedOut(res.of(429));
  });

  it('once the limit is reached, the right password hidden among 40 parallel wrong ones is refused, and stays refused until the window passes', async () => {
    const { user } = await signedInMember(t.app);
    const first = await burst(wrongs(20, (p) => login(user.matric_number, p)));
    expect(first.count(401)).toBe(LOCKOUT_FAILURES);

    const requests = wrongs(40, (p) => login(user.matric_number, p));
    requests.splice(17, 0, () => login(user.matric_number, PASSWORD));
    const second = await burst(requests);
    expect(second.count(429)).toBe(41);
    expectLockedOut(second.responses);

    const after = await login(user.matric_number, PASSWORD);
    expect(after.status).toBe(429);
    t.clock.advance(LOCKOUT_WINDOW_MS - 1000);
    expect((await login(user.matric_number, PASSWORD)).status).toBe(429);
    t.clock.advance(2000);
    const ok = await login(user.matric_number, PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.json().token).toBeTruthy();
  });
});

describe('password change: parallel guesses of the current password', () => {
  it('60 parallel wrong current passwords get exactly 10 verdicts (400) and 50 refusals (429), and change nothing', async () => {
    const member = await signedInMember(t.app);
    const [before] = await t.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, member.user.id));
    const res = await burst(wrongs(60, (p) => changePassword(member.token, p)));
    expect(res.count(400)).toBe(LOCKOUT_FAILURES);
    expect(res.count(429)).toBe(60 - LOCKOUT_FAILURES);
    for (const r of res.of(400)) expect(r.json().error).toBe(SERVER_MSG.currentPasswordWrong);
    expectLockedOut(res.of(429));
    const [after] = await t.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, member.user.id));
    expect(after!.hash).toBe(before!.hash);
  });

  it('once the limit is reached, the right current password among 40 parallel wrong ones changes nothing until the window passes', async () => {
    const member = await signedInMember(t.app);
    const [before] = await t.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, member.user.id));
    const first = await burst(wrongs(20, (p) => changePassword(member.token, p)));
    expect(first.count(400)).toBe(LOCKOUT_FAILURES);

    const requests = wrongs(40, (p) => changePassword(member.token, p));
    requests.splice(23, 0, () => changePassword(member.token, PASSWORD));
    const second = await burst(requests);
    expect(second.count(429)).toBe(41);
    expectLockedOut(second.responses);
    expect((await changePassword(member.token, PASSWORD)).status).toBe(429);
    const [still] = await t.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, member.user.id));
    expect(still!.hash).toBe(before!.hash);

    t.clock.advance(LOCKOUT_WINDOW_MS + 1000);
    const ok = await changePassword(member.token, PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: MSG.passwordChanged });
    expect((await login(member.user.matric_number, NEW_PASSWORD)).status).toBe(200);
  });
});
