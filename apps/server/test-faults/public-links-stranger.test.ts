import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { MEMBERS_MSG } from '@aesa/shared/members';
import { SERVER_MSG } from '@aesa/shared/messages';
import { KIND_NAMES, NEWSLETTER_MSG, NOTIFICATION_MSG } from '@aesa/shared/notifications';
import { eventCheckins, mailOutbox, newsletterSubscribers, notificationPreferences, rateLimitHits } from '../src/db/schema.ts';
import { signLink } from '../src/lib/signed-link.ts';
import { setChoices } from '../src/modules/notifications/notifications.queries.ts';
import { unsubscribeToken } from '../src/modules/notifications/unsubscribe-links.ts';
import { createMember, signedInAdmin, signedInMember } from '../test/support/factories.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import type { AgentRequest } from './support/netns.ts';
import { listenForStrangers, rawRequest, strangerAddress, strangerFlood, type RawResponse } from './support/stranger.ts';

// A curious stranger at the routes that act without a session or on a link: the one-click
// unsubscribe links (forged, changed, spliced, expired, a real one sent many times and past its
// limit), the newsletter form (a flood of sign-ups under forged X-Forwarded-For headers, asking
// whether an address is on the list, forged confirmation links) and the door's check-in (a
// signed-out officer's token, a renewed member's old code, the same member scanned 20 times at
// once). Each attack is refused with its own status and code, and the database shows that
// nothing changed. Over real TCP from the stranger's own network namespace (support/netns.ts):
// these routes' limits are keyed on the peer's address (or on the link), which app.inject cannot
// show holding on a real socket, with TRUST_PROXY unset as by default.

const t = useTestApp();
const server = listenForStrangers(t);
const DAY = 24 * 60 * 60_000;
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

const enc = (s: string) => encodeURIComponent(s);
const b64 = (claims: unknown[]) => Buffer.from(JSON.stringify(claims)).toString('base64url');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** `s` with the character at `i` replaced by the next one of the base64url alphabet. */
const changedAt = (s: string, i: number) => `${s.slice(0, i)}${ALPHABET[(ALPHABET.indexOf(s[i]!) + 1) % 64]}${s.slice(i + 1)}`;

type LinkRoute = 'oneClick' | 'undo' | 'describe';
const linkRequest = (route: LinkRoute, token: string, headers: Record<string, string> = {}): AgentRequest =>
  route === 'oneClick'
    ? { method: 'POST', path: `/api/unsubscribe?token=${enc(token)}`, headers: { ...ONE_CLICK, ...headers }, body: 'List-Unsubscribe=One-Click' }
    : route === 'undo'
      ? { method: 'POST', path: `/api/unsubscribe/undo?token=${enc(token)}`, headers }
      : { method: 'GET', path: `/api/unsubscribe/link?token=${enc(token)}`, headers };

/** Every member's notification choices, as stored (updated_at too: a rewrite of the same value shows). */
const allChoices = () => t.app.db.select().from(notificationPreferences).orderBy(asc(notificationPreferences.user_id));
const choicesRow = async (userId: string) => (await t.app.db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, userId)))[0];

describe('a stranger at the one-click unsubscribe links', () => {
  it('100 forged, changed, spliced and expired links, 20 at a time: each refused with its code, nobody’s choice changed, made-up links counted per address', async () => {
    const victim = await createMember(t.app);
    const own = await createMember(t.app); // the stranger's own account: it has its own real links
    await setChoices(t.app.db, victim.id, { announcements: false }); // so a forged undo would show too
    const before = await allChoices();
    const now = t.clock();
    const victimLink = unsubscribeToken(t.config, 'event_updates', victim.id, now); // never sent as is
    const ownLink = unsubscribeToken(t.config, 'announcements', own.id, now);
    const [victimBody, victimSig] = victimLink.split('.') as [string, string];
    const [, ownSig] = ownLink.split('.') as [string, string];
    const issued = Math.floor(now.getTime() / 1000);
    const expired = unsubscribeToken(t.config, 'announcements', victim.id, new Date(now.getTime() - 366 * DAY));

    const unsigned: string[] = [
      // The stranger's own real link, with the victim's id (or another kind) spliced into its claims.
      `${b64(['unsubscribe', victim.id, 'announcements', issued])}.${ownSig}`,
      `${b64(['unsubscribe', own.id, 'event_updates', issued])}.${ownSig}`,
      `${b64(['unsubscribe', victim.id, 'newsletter', issued])}.${ownSig}`,
      `${victimBody}.${ownSig}`,
      // The victim's real link, its signature spelled otherwise: the same bytes to a lenient decoder.
      `${victimLink}=`,
      `${victimLink}!`,
      ` ${victimLink}`,
      `${victimBody}.${victimSig.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(victimSig.at(-1)!) ^ 1]}`,
      `${victimBody}.${victimSig.slice(0, 20)}\n${victimSig.slice(20)}`,
      // Another purpose's link (the newsletter's confirmation) and the expired one, a character changed.
      signLink(t.config, { purpose: 'newsletter-confirm', subject: victim.id, kind: 'event_updates', issuedAt: now }),
      changedAt(expired, 30),
      '',
      'x.y.z',
    ];
    // The victim's real link with one character changed, at 40 places over the claims and the signature.
    for (let k = 0; k < 40; k++) {
      const changed = changedAt(victimLink, Math.floor((k * (victimLink.length - 1)) / 39));
      if (!unsigned.includes(changed)) unsigned.push(changed);
    }
    while (unsigned.length < 94) unsigned.push(`${randomBytes(60).toString('base64url')}.${randomBytes(32).toString('base64url')}`);
    expect(new Set(unsigned).size).toBe(unsigned.length);
    expect(unsigned).not.toContain(victimLink);
    const routes: LinkRoute[] = ['oneClick', 'undo', 'describe'];
    const attack = [...unsigned.map((tok, i) => ({ route: routes[i % 3]!, tok, expired: false })), ...Array.from({ length: 6 }, (_, i) => ({ route: routes[i % 3]!, tok: expired, expired: true }))];
    const answers = await strangerFlood(
      server.port,
      attack.map((a, i) => linkRequest(a.route, a.tok, { 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` })),
      20,
    );
    expect(answers).toHaveLength(100);

    for (const [i, a] of attack.entries()) {
      const got = `${answers[i]!.status} ${answers[i]!.code}`;
      if (a.expired) expect(got, 'an expired real link').toBe('410 UNSUBSCRIBE_LINK_EXPIRED');
      else expect(['400 UNSUBSCRIBE_LINK_INVALID', '429 RATE_LIMITED'], `${a.route} ${JSON.stringify(a.tok)}`).toContain(got);
    }
    // Made-up links share one counter per route and address (20 in 15 minutes), whatever address
    // X-Forwarded-For names: the rest were refused unread.
    for (const route of routes) {
      const mine = attack.map((a, i) => ({ a, r: answers[i]! })).filter(({ a }) => a.route === route && !a.expired);
      expect(mine.filter(({ r }) => r.status === 400), route).toHaveLength(20);
      expect(mine.filter(({ r }) => r.status === 429), route).toHaveLength(mine.length - 20);
    }
    // Nobody's choice changed, not even rewritten.
    expect(await allChoices()).toEqual(before);
    // One counter row per route for the made-up links (the stranger's address) and one per route
    // for the real expired link: none for each forged text.
    const rows = await t.app.db.select({ key: rateLimitHits.key, hits: rateLimitHits.hits }).from(rateLimitHits).where(like(rateLimitHits.key, '%/api/unsubscribe%'));
    const keys = rows.map((r) => r.key.slice(r.key.indexOf('|') + 1)).sort();
    expect(keys).toEqual([...Array<string>(3).fill(`unsubscribe-unsigned:${strangerAddress()}`), ...Array<string>(3).fill(`unsubscribe:${expired}`)]);
  });

  it('a real link POSTed 10 times at once: 10 equal answers, one row with that kind off; past its limit it is refused from any address and changes nothing; the undo puts it back', async () => {
    const member = await createMember(t.app);
    const bystander = await createMember(t.app);
    await setChoices(t.app.db, bystander.id, { election_notices: false });
    const link = unsubscribeToken(t.config, 'event_updates', member.id, t.clock());

    const burst = await Promise.all(Array.from({ length: 10 }, () => rawRequest(server.port, linkRequest('oneClick', link))));
    for (const r of burst) expect([r.status, r.body]).toEqual([200, burst[0]!.body]);
    expect(burst[0]!.json()).toEqual({ success: true, kind: 'event_updates', on: false, message: NOTIFICATION_MSG.turnedOff(KIND_NAMES.event_updates.noun) });
    const rows = await t.app.db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ announcements: true, event_updates: false, election_notices: true });
    const others = await t.app.db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, bystander.id));

    // 15 more, each naming another client address: 10 fit the link's 20, then 429.
    const more = await strangerFlood(server.port, Array.from({ length: 15 }, (_, i) => linkRequest('oneClick', link, { 'x-forwarded-for': `203.0.113.${i + 1}` })), 5);
    expect(more.filter((r) => r.status === 200)).toHaveLength(10);
    expect(more.filter((r) => r.status === 429).map((r) => r.code)).toEqual(Array<string>(5).fill('RATE_LIMITED'));
    for (const r of more.filter((r) => r.status === 429)) expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);

    // The undo (its own counter) puts it back.
    const undo = await rawRequest(server.port, linkRequest('undo', link));
    expect([undo.status, undo.json()]).toEqual([200, { success: true, kind: 'event_updates', on: true, message: NOTIFICATION_MSG.turnedOn(KIND_NAMES.event_updates.noun) }]);
    const undone = await choicesRow(member.id);
    expect(undone).toMatchObject({ event_updates: true });

    // Past its limit the link is refused wherever it comes from, and refused it changes nothing.
    for (const from of ['stranger', 'loopback'] as const) {
      const again = await rawRequest(server.port, { ...linkRequest('oneClick', link, { 'x-forwarded-for': '192.0.2.1' }), from });
      expect([again.status, again.json().code], from).toEqual([429, 'RATE_LIMITED']);
    }
    // Nor do other spellings of it get a fresh count (from an address whose made-up links are not counted yet).
    const [body, sig] = link.split('.') as [string, string];
    for (const variant of [`${link}=`, `${link}%`, `${body}.${sig.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(sig.at(-1)!) ^ 1]}`]) {
      const res = await rawRequest(server.port, { ...linkRequest('oneClick', variant), from: 'loopback', loopbackAddress: '127.0.0.23' });
      expect([res.status, res.json().code], JSON.stringify(variant)).toEqual([400, 'UNSUBSCRIBE_LINK_INVALID']);
    }
    expect(await choicesRow(member.id)).toEqual(undone);
    expect(await t.app.db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, bystander.id))).toEqual(others);
  });
});

describe('a stranger at the newsletter form', () => {
  const signUp = (email: string, headers: Record<string, string> = {}): AgentRequest => ({ method: 'POST', path: '/api/newsletter', headers, body: { email } });
  const outboxTo = async (emails: string[]) =>
    (await t.app.db.select({ n: count() }).from(mailOutbox).where(and(eq(mailOutbox.kind, 'newsletter'), inArray(mailOutbox.to_address, emails))))[0]!.n;
  /** The answer as the client sees it, but for the headers that differ on every request. */
  const seen = (r: RawResponse) => {
    const { date: _d, 'x-ratelimit-remaining': _rem, 'x-ratelimit-reset': _reset, ...headers } = r.headers;
    return { status: r.status, headers, body: r.body };
  };

  it('answers byte for byte the same for a new address, a waiting one, a confirmed subscriber and a member; mails only who may confirm', async () => {
    const tag = randomBytes(3).toString('hex');
    const member = await createMember(t.app);
    const confirmed = `confirmed-${tag}@example.test`;
    const waiting = `waiting-${tag}@example.test`;
    await t.app.db.insert(newsletterSubscribers).values([{ email: confirmed, confirmed_at: t.clock() }, { email: waiting }]);
    const fresh = `fresh-${tag}@example.test`;

    const answers = [];
    for (const email of [fresh, waiting, confirmed, member.email]) answers.push(await rawRequest(server.port, signUp(email)));
    expect(answers[0]!.json()).toEqual({ success: true, message: MEMBERS_MSG.newsletterThanks });
    for (const a of answers) expect(seen(a)).toEqual(seen(answers[0]!));
    expect(answers.map((a) => Buffer.byteLength(a.body))).toEqual(Array<number>(4).fill(Buffer.byteLength(answers[0]!.body)));
    // The confirmed subscriber is sent nothing; every other address its one confirmation.
    expect(await outboxTo([confirmed])).toBe(0);
    expect(await outboxTo([fresh, waiting, member.email])).toBe(3);
    const [row] = await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, confirmed));
    expect(row).toMatchObject({ unsubscribed_at: null });
  });

  it('a flood of sign-ups under forged X-Forwarded-For: the per-address limit is the stranger’s own, one address gets at most 5 mails, the mail sent is bounded', async () => {
    const tag = randomBytes(3).toString('hex');
    const target = `target-${tag}@example.test`;
    const flood: AgentRequest[] = [];
    // The same address 8 times, then 52 others, each request naming a client address of its own.
    for (let i = 0; i < 60; i++) flood.push(signUp(i < 8 ? target : `flood-${tag}-${i}@example.test`, { 'x-forwarded-for': `198.51.100.${i + 1}, 10.0.0.${i + 1}` }));
    const results = await strangerFlood(server.port, flood, 20);

    // The first test's 4 sign-ups and this flood share the stranger's 30 in 15 minutes: 26 were
    // let through (the target's 8 among them, as they were sent first), of which the target's
    // 6th to 8th were refused by that address's own limit (5 an hour); the other 34, refused.
    for (const r of results) expect(['200 null', '429 RATE_LIMITED'], JSON.stringify(r)).toContain(`${r.status} ${r.code}`);
    const ok = results.filter((r) => r.status === 200).length;
    const targetOk = results.slice(0, 8).filter((r) => r.status === 200).length;
    expect(targetOk, 'sign-ups of one address in an hour').toBe(5);
    expect(ok, 'sign-ups let through').toBe(26 - 3);

    // Exactly one mail per accepted sign-up (the target's at most 5), nothing for the refused.
    const floodAddresses = [target, ...Array.from({ length: 60 }, (_, i) => `flood-${tag}-${i}@example.test`)];
    expect(await outboxTo([target])).toBe(targetOk);
    expect(await outboxTo(floodAddresses)).toBe(ok);
    const stored = (await t.app.db.select({ n: count() }).from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, floodAddresses)))[0]!.n;
    expect(stored).toBe(ok - targetOk + 1);

    // Still limited whatever it forges; a client at another address (loopback) still signs up.
    const forged = await rawRequest(server.port, signUp(`late-${tag}@example.test`, { 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8' }));
    expect([forged.status, forged.json().error]).toEqual([429, SERVER_MSG.tooManyRequests]);
    const neighbour = await rawRequest(server.port, { ...signUp(`neighbour-${tag}@example.test`), from: 'loopback' });
    expect([neighbour.status, neighbour.json()]).toEqual([200, { success: true, message: MEMBERS_MSG.newsletterThanks }]);
    expect(await outboxTo([`late-${tag}@example.test`])).toBe(0);
  });

  it('forged, changed, spliced and other-purpose confirmation links confirm nobody', async () => {
    const tag = randomBytes(3).toString('hex');
    await t.app.db.insert(newsletterSubscribers).values([{ email: `victim-${tag}@example.test` }, { email: `own-${tag}@example.test` }]);
    const subs = await t.app.db.select().from(newsletterSubscribers).where(like(newsletterSubscribers.email, `%-${tag}@example.test`));
    const victim = subs.find((s) => s.email.startsWith('victim'))!;
    const own = subs.find((s) => s.email.startsWith('own'))!;
    const now = t.clock();
    const ownLink = signLink(t.config, { purpose: 'newsletter-confirm', subject: own.id, kind: 'newsletter', issuedAt: now }); // in the stranger's own mail
    const [ownBody, ownSig] = ownLink.split('.') as [string, string];
    const tokens = [
      `${b64(['newsletter-confirm', victim.id, 'newsletter', Math.floor(now.getTime() / 1000)])}.${ownSig}`,
      changedAt(ownLink, 10),
      changedAt(ownLink, ownLink.length - 5),
      `${ownLink}=`,
      `${ownBody}.${ownSig.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(ownSig.at(-1)!) ^ 1]}`,
      unsubscribeToken(t.config, 'newsletter', victim.id, now),
      ...Array.from({ length: 14 }, () => `${randomBytes(40).toString('base64url')}.${randomBytes(32).toString('base64url')}`),
    ];
    const confirmedBefore = await t.app.db.select().from(newsletterSubscribers).where(isNotNull(newsletterSubscribers.confirmed_at)).orderBy(asc(newsletterSubscribers.id));
    const results = await strangerFlood(server.port, tokens.map((token, i) => ({ method: 'POST', path: '/api/newsletter/confirm', headers: { 'x-forwarded-for': `198.51.100.${i + 1}` }, body: { token } })), 10);
    expect(results.map((r) => `${r.status} ${r.code}`)).toEqual(Array<string>(tokens.length).fill('400 NEWSLETTER_LINK_INVALID'));
    const expired = signLink(t.config, { purpose: 'newsletter-confirm', subject: victim.id, kind: 'newsletter', issuedAt: new Date(now.getTime() - 8 * DAY) });
    const old = await rawRequest(server.port, { method: 'POST', path: '/api/newsletter/confirm', body: { token: expired } });
    expect([old.status, old.json().code, old.json().error]).toEqual([410, 'NEWSLETTER_LINK_EXPIRED', NEWSLETTER_MSG.linkExpired]);
    const after = await t.app.db.select().from(newsletterSubscribers).where(isNotNull(newsletterSubscribers.confirmed_at)).orderBy(asc(newsletterSubscribers.id));
    expect(after).toEqual(confirmedBefore);
  });
});

describe('a stranger at the door’s check-in', () => {
  async function newEvent(headers: Record<string, string>) {
    const payload = { title: `Rocketry Night ${randomBytes(2).toString('hex')}`, description: 'Launch demos.', event_date: new Date(t.clock().getTime() + DAY).toISOString(), location: 'Hangar 2', status: 'upcoming' };
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().event.id as string;
  }
  const checkIn = (eventId: string, headers: Record<string, string>, body: object) => ({ method: 'POST', path: `/api/admin/events/${eventId}/check-in`, headers, body });
  const checkInRows = (eventId: string) => t.app.db.select().from(eventCheckins).where(eq(eventCheckins.event_id, eventId));
  const codeOf = async (headers: Record<string, string>, method: 'GET' | 'POST' = 'GET') => {
    const res = await rawRequest(server.port, { method, path: '/api/profile/me/membership-code', headers, from: 'loopback' });
    expect(res.status, res.body).toBe(200);
    return res.json().code as string;
  };

  it('an officer’s token after sign-out: 401, in parallel too, and no check-in written', async () => {
    const officer = await signedInAdmin(t.app, ['is_event_admin']);
    const eventId = await newEvent(officer.headers);
    const [first, second] = [await createMember(t.app), await createMember(t.app)];
    // The stolen token works until the officer signs out.
    const before = await rawRequest(server.port, checkIn(eventId, officer.headers, { matric_number: first.matric_number }));
    expect(before.status, before.body).toBe(200);
    const out = await rawRequest(server.port, { method: 'POST', path: '/api/auth/logout', headers: officer.headers, from: 'loopback' });
    expect(out.status, out.body).toBe(200);

    const tries = await strangerFlood(server.port, Array.from({ length: 20 }, (_, i) => checkIn(eventId, officer.headers, i % 2 ? { matric_number: second.matric_number } : { matric_number: first.matric_number })), 10);
    expect(tries.map((r) => `${r.status} ${r.code}`)).toEqual(Array<string>(20).fill('401 UNAUTHENTICATED'));
    const rows = await checkInRows(eventId);
    expect(rows.map((r) => r.user_id)).toEqual([first.id]);
  });

  it('a renewed member’s old code: refused as voided, no check-in; the new code checks them in', async () => {
    const officer = await signedInAdmin(t.app, ['is_event_admin']);
    const eventId = await newEvent(officer.headers);
    const member = await signedInMember(t.app);
    const old = await codeOf(member.headers);
    const renewed = await codeOf(member.headers, 'POST');
    expect(renewed).not.toBe(old);

    const res = await rawRequest(server.port, checkIn(eventId, officer.headers, { code: old }));
    expect([res.status, res.json()]).toEqual([404, { success: false, error: CHECK_IN_MSG.codeVoided, code: 'CHECK_IN_CODE_VOIDED' }]);
    // A damaged copy of the new code is not the new code either.
    const damaged = await rawRequest(server.port, checkIn(eventId, officer.headers, { code: changedAt(renewed, renewed.length - 3) }));
    expect([damaged.status, damaged.json().code]).toEqual([400, 'CHECK_IN_CODE_INVALID']);
    expect(await checkInRows(eventId)).toEqual([]);

    const now = await rawRequest(server.port, checkIn(eventId, officer.headers, { code: renewed }));
    expect([now.status, now.json().check_in?.member.id]).toEqual([200, member.user.id]);
  });

  it('the same member checked in 20 times at once: one row, one "checked in", 19 "already checked in"', async () => {
    const officer = await signedInAdmin(t.app, ['is_event_admin']);
    const eventId = await newEvent(officer.headers);
    const member = await signedInMember(t.app);
    const code = await codeOf(member.headers);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rawRequest(server.port, checkIn(eventId, officer.headers, i % 4 === 3 ? { matric_number: member.user.matric_number.toLowerCase() } : { code }))),
    );
    for (const a of answers) expect(a.status, a.body).toBe(200);
    const said = answers.map((a) => a.json() as { already: boolean; check_in: { member: { id: string } } });
    expect(said.filter((s) => !s.already)).toHaveLength(1);
    expect(said.every((s) => s.check_in.member.id === member.user.id)).toBe(true);
    const rows = await checkInRows(eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: member.user.id, checked_in_by: officer.user.id });
  });
});
