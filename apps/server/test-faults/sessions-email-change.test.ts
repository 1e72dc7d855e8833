import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_CHANGE_MSG, SERVER_MSG } from '@aesa/shared/messages';
import { emailChanges, mailOutbox } from '../src/db/schema.ts';
import { useTestAppWithMail } from '../test/support/use-test-app.ts';
import { signedInMember, userRow } from '../test/support/factories.ts';
import { listenForStrangers, rawRequest } from './support/stranger.ts';

// Attack: someone who stole a member's session token (not the password) moves the account to an
// address they own, then asks for a password reset there and owns the account for good. Over
// real TCP from the stranger's address, with real SMTP: nothing may reach the attacker's inbox.

const { t, smtp } = useTestAppWithMail();
const tcp = listenForStrangers(t);

const ATTACKER = 'mallory@attacker.example';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('e-mail change with a stolen session token', () => {
  it('cannot move the account without the password, so a reset never reaches the attacker', async () => {
    const victim = await signedInMember(t.app);
    const stolen = { authorization: victim.headers.authorization };
    const patch = (body: object) => rawRequest(tcp.port, { method: 'PATCH', path: '/api/profile/me', headers: stolen, body });

    const bare = await patch({ email: ATTACKER });
    expect(bare.status).toBe(400);
    expect(bare.json().error).toBe(EMAIL_CHANGE_MSG.passwordRequired);
    const guessed = await patch({ email: ATTACKER, current_password: 'password123' });
    expect(guessed.status).toBe(400);
    expect(guessed.json().error).toBe(SERVER_MSG.currentPasswordWrong);
    const sneaky = await patch({ email: ATTACKER, name: 'Mallory', current_password: null });
    expect(sneaky.status).toBe(400);
    // Forged confirmations do not work either.
    const forged = await rawRequest(tcp.port, { method: 'POST', path: '/api/auth/confirm-email', headers: stolen, body: { token: 'A'.repeat(43) } });
    expect(forged.status).toBe(400);

    // The account still has the victim's address, no change is pending, nothing was queued for the attacker.
    expect((await userRow(t.app, victim.user.id))!).toMatchObject({ email: victim.user.email, name: victim.user.name });
    expect(await t.app.db.select().from(emailChanges).where(eq(emailChanges.user_id, victim.user.id))).toEqual([]);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, ATTACKER))).toEqual([]);

    // The attacker asks for a reset at their own address: it is not the account's, nothing arrives.
    const reset = await rawRequest(tcp.port, { method: 'POST', path: '/api/auth/forgot-password', body: { email: ATTACKER } });
    expect(reset.status).toBe(200);
    await sleep(1500); // the mail worker polls every 50 ms here: plenty of time for a message to arrive
    expect(smtp.received.filter((m) => m.to.includes(ATTACKER))).toEqual([]);
    const me = await rawRequest(tcp.port, { path: '/api/auth/me', headers: stolen });
    expect(me.json().user.email).toBe(victim.user.email);
  });
});
