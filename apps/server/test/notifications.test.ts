import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NEWSLETTER_MSG, NOTIFICATION_MSG } from '@aesa/shared/notifications';
import { MEMBERS_MSG } from '@aesa/shared/members';
import { auditLog, mailOutbox, newsletterSubscribers } from '../src/db/schema.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import type { ReceivedMail } from './support/smtp-sink.ts';
import { refusal } from './support/refusal.ts';
import { queueMail } from '../src/modules/mail/mail.service.ts';

const { t, smtp } = useTestAppWithMail();
const DAY = 24 * 60 * 60_000;

/** A header of a received message, its folded lines joined. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];
}

/** The link in a mail's List-Unsubscribe header, and its token. */
function unsubscribeLink(mail: ReceivedMail) {
  const value = header(mail, 'List-Unsubscribe');
  const url = /^<([^>]+)>$/.exec(value ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe link in: ${mail.raw.slice(0, 800)}`);
  return { url, path: url.replace(t.config.publicUrl, ''), token: new URL(url).searchParams.get('token')! };
}

/** What a mail client does with that link (RFC 8058): a form-encoded POST, no session. */
const oneClick = (path: string, body = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
  t.app.inject({ method: 'POST', url: path, headers: { 'content-type': type }, payload: body });

let emailAdmin: Record<string, string>;
beforeAll(async () => {
  emailAdmin = (await signedInAdmin(t.app, ['is_email_admin'])).headers;
});

const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/communications/send', headers: emailAdmin, payload });
const choices = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/profile/me/notifications', headers });
const setChoices = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/profile/me/notifications', headers, payload });

describe('a member’s notification choices', () => {
  it('are all on until changed; a PUT sets the kinds it names and keeps the others', async () => {
    const { headers } = await signedInMember(t.app);
    expect((await choices(headers)).json()).toEqual({ success: true, announcements: true, event_updates: true, election_notices: true });
    const saved = await setChoices(headers, { announcements: false });
    expect(saved.json()).toEqual({ success: true, announcements: false, event_updates: true, election_notices: true, message: NOTIFICATION_MSG.saved });
    await setChoices(headers, { election_notices: false, announcements: true });
    expect((await choices(headers)).json()).toEqual({ success: true, announcements: true, event_updates: true, election_notices: false });
  });

  it('refuses an empty change, an unknown kind, a non-boolean and a caller without a session', async () => {
    const { headers } = await signedInMember(t.app);
    expect((await setChoices(headers, {})).json()).toEqual(refusal(NOTIFICATION_MSG.nothingToChange));
    expect((await setChoices(headers, { newsletter: false })).statusCode).toBe(400);
    expect((await setChoices(headers, { announcements: 'no' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/me/notifications', payload: { announcements: false } })).statusCode).toBe(401);
    expect((await choices(headers)).json()).toMatchObject({ announcements: true, event_updates: true, election_notices: true });
  });
});

describe('a bulk e-mail and the members who turned announcements off', () => {
  it('leaves them out, tells the officer how many in the dry run, and audits only the real send', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInMember(t.app)));
    await setChoices(b!.headers, { announcements: false });
    const subject = `Hangar visit ${randomUUID().slice(0, 6)}`;
    const payload = { subject, body: 'The hangar is open to members on Saturday morning.', recipient_user_ids: [a!.user.id, b!.user.id, c!.user.id] };

    const dry = await send({ ...payload, dry_run: true });
    expect(dry.json()).toEqual({ success: true, recipients_count: 2, bulk_email_id: null, subscribers_count: 0, turned_off_count: 1 });
    const real = await send(payload);
    expect(real.json()).toMatchObject({ recipients_count: 2, subscribers_count: 0, turned_off_count: 1 });

    const rows = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.bulk_email_id, real.json().bulk_email_id));
    expect(rows.map((r) => [r.user_id, r.kind]).sort()).toEqual([[a!.user.id, 'announcements'], [c!.user.id, 'announcements']].sort());
    // The dry run counted and changed nothing: one audit entry, the send's.
    const entries = await t.app.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/admin/communications/send'), eq(auditLog.target_name, subject)));
    expect(entries.map((e) => e.outcome)).toEqual(['ok']);

    const mail = await smtp.waitFor(a!.user.email);
    expect(smtp.received.filter((m) => m.to.includes(b!.user.email))).toEqual([]);
    expect(mail.text).toContain(`${t.config.publicUrl}/unsubscribe?token=`);
  });

  it('refuses a send every chosen member turned off, with its own reason, queueing nothing', async () => {
    const m = await signedInMember(t.app);
    await setChoices(m.headers, { announcements: false });
    const res = await send({ subject: 'Nobody gets this', body: 'A message nobody chose to get.', recipient_user_ids: [m.user.id], dry_run: true });
    expect(res.json()).toEqual(refusal(NOTIFICATION_MSG.allTurnedOff, 'BULK_EMAIL_ALL_TURNED_OFF'));
  });
});

describe('the List-Unsubscribe headers and the one-click link', () => {
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let mail: ReceivedMail;
  beforeAll(async () => {
    member = await signedInMember(t.app);
    await send({ subject: 'Rocketry workshop', body: 'The rocketry workshop starts at noon in the lab.', recipient_user_ids: [member.user.id] });
    mail = await smtp.waitFor(member.user.email);
  });

  it('account mail carries none; an announcement carries both, and the POST as RFC 8058 says turns off exactly that kind', async () => {
    const other = await createMember(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: other.email } });
    const account = await smtp.waitFor(other.email);
    expect(header(account, 'List-Unsubscribe')).toBeUndefined();
    expect(header(account, 'List-Unsubscribe-Post')).toBeUndefined();

    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail);
    expect(link.url.startsWith(`${t.config.publicUrl}/api/unsubscribe?token=`)).toBe(true);
    const res = await oneClick(link.path);
    expect(res.json()).toEqual({ success: true, kind: 'announcements', on: false, message: NOTIFICATION_MSG.turnedOff('announcements') });
    expect((await choices(member.headers)).json()).toEqual({ success: true, announcements: false, event_updates: true, election_notices: true });
    // Again: the same answer, nothing else changes.
    expect((await oneClick(link.path)).statusCode).toBe(200);

    // The page's reading of the link, its undo, and the browser's GET of the header's link.
    expect((await t.app.inject({ method: 'GET', url: `/api/unsubscribe/link?token=${link.token}` })).json()).toMatchObject({ kind: 'announcements', on: false });
    const opened = await t.app.inject({ method: 'GET', url: link.path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${link.token}`);
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/undo?token=${link.token}` })).json()).toMatchObject({ kind: 'announcements', on: true });
    expect((await choices(member.headers)).json()).toMatchObject({ announcements: true });
  });

  it('event updates and election notices carry their own link, which turns off only their kind', async () => {
    const m = await signedInMember(t.app);
    const kinds = ['event_updates', 'election_notices'] as const;
    await queueMail(t.app.db, kinds.map((kind) => ({ to: m.user.email, subject: `A ${kind} message`, text: 'Hello.', kind, userId: m.user.id })), { smtp: true });
    await expect.poll(() => smtp.received.filter((x) => x.to.includes(m.user.email)).length).toBe(2);
    for (const kind of kinds) {
      const mail = smtp.received.find((x) => x.to.includes(m.user.email) && x.subject === `A ${kind} message`)!;
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect((await oneClick(unsubscribeLink(mail).path)).json()).toMatchObject({ kind, on: false });
    }
    expect((await choices(m.headers)).json()).toEqual({ success: true, announcements: true, event_updates: false, election_notices: false });
  });

  it('refuses forged, changed, expired and other-purpose tokens, and any body but the one-click form', async () => {
    const { token } = unsubscribeLink(mail);
    const [body, sig] = token.split('.') as [string, string];
    const forgedBody = Buffer.from(JSON.parse(JSON.stringify(['unsubscribe', member.user.id, 'event_updates', Math.floor(Date.now() / 1000)]))).toString('base64url');
    const invalid = refusal(NOTIFICATION_MSG.linkInvalid, 'UNSUBSCRIBE_LINK_INVALID');
    for (const bad of [`${forgedBody}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, `${body}`, '', 'x.y.z']) {
      expect((await oneClick(`/api/unsubscribe?token=${encodeURIComponent(bad)}`)).json(), bad).toEqual(invalid);
    }
    // Wrong bodies and types: only `List-Unsubscribe=One-Click`, form-encoded.
    expect((await oneClick(`/api/unsubscribe?token=${token}`, 'List-Unsubscribe=Yes')).json()).toEqual(refusal(NOTIFICATION_MSG.oneClickBodyRequired, 'UNSUBSCRIBE_ONE_CLICK_BODY'));
    expect((await oneClick(`/api/unsubscribe?token=${token}`, '{"List-Unsubscribe":"One-Click"}', 'application/json')).statusCode).toBe(415);
    // RFC 8058's preferred multipart/form-data: the one field, and nothing more.
    const multipart = (fields: [string, string][]) =>
      `${fields.map(([k, v]) => `--b1\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')}--b1--\r\n`;
    const extra = await oneClick(`/api/unsubscribe?token=${token}`, multipart([['List-Unsubscribe', 'One-Click'], ['also', 'this']]), 'multipart/form-data; boundary=b1');
    expect(extra.json()).toEqual(refusal(NOTIFICATION_MSG.oneClickBodyRequired, 'UNSUBSCRIBE_ONE_CLICK_BODY'));
    // No other route takes a form.
    expect((await oneClick('/api/newsletter', 'email=a%40b.co')).statusCode).toBe(415);
    expect((await choices(member.headers)).json()).toMatchObject({ announcements: true });
    const viaMultipart = await oneClick(`/api/unsubscribe?token=${token}`, multipart([['List-Unsubscribe', 'One-Click']]), 'multipart/form-data; boundary=b1');
    expect(viaMultipart.json()).toMatchObject({ kind: 'announcements', on: false });
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/undo?token=${token}` });
    expect((await choices(member.headers)).json()).toMatchObject({ announcements: true, event_updates: true });

    t.clock.advance(366 * DAY);
    try {
      expect((await oneClick(`/api/unsubscribe?token=${token}`)).json()).toEqual(refusal(NOTIFICATION_MSG.linkExpired, 'UNSUBSCRIBE_LINK_EXPIRED'));
    } finally {
      t.clock.advance(-366 * DAY);
    }
    expect((await choices(member.headers)).json()).toMatchObject({ announcements: true });
  });
});

describe('the newsletter: double opt-in, sends and unsubscribe', () => {
  const subscribers = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/newsletter/subscribers', headers: emailAdmin })).json().confirmed as number;

  it('a sign-up waits for its link; a confirmed subscriber gets the send with both headers, and one click takes them off', async () => {
    const email = `visitor-${randomUUID().slice(0, 6)}@example.com`;
    const before = await subscribers();
    const signUp = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
    expect(signUp.json()).toEqual({ success: true, message: MEMBERS_MSG.newsletterThanks });
    const confirmation = await smtp.waitFor(email);
    expect(header(confirmation, 'List-Unsubscribe')).toBeUndefined();
    const token = /newsletter\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(confirmation.text)![1]!;
    expect(await subscribers()).toBe(before);

    // Tampered or expired links confirm nothing.
    const confirm = (tok: string) => t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: tok } });
    expect((await confirm(`${token}x`)).json()).toEqual(refusal(NEWSLETTER_MSG.linkInvalid, 'NEWSLETTER_LINK_INVALID'));
    t.clock.advance(8 * DAY);
    try {
      expect((await confirm(token)).json()).toEqual(refusal(NEWSLETTER_MSG.linkExpired, 'NEWSLETTER_LINK_EXPIRED'));
    } finally {
      t.clock.advance(-8 * DAY);
    }
    expect((await confirm(token)).json()).toEqual({ success: true, message: NEWSLETTER_MSG.confirmed });
    expect(await subscribers()).toBe(before + 1);

    // Signing up again answers the same and sends no second confirmation.
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })).json()).toEqual(signUp.json());

    const m = await signedInMember(t.app);
    const res = await send({ subject: 'Newsletter: spring term', body: 'Our spring term newsletter for members and friends.', recipient_user_ids: [m.user.id], include_newsletter: true });
    expect(res.json()).toMatchObject({ subscribers_count: before + 1, recipients_count: before + 2, turned_off_count: 0 });
    await smtp.waitFor(m.user.email);
    const isNewsletter = (x: ReceivedMail) => x.to.includes(email) && x.subject === 'Newsletter: spring term';
    await expect.poll(() => smtp.received.some(isNewsletter)).toBe(true);
    const newsletter = smtp.received.find(isNewsletter)!;
    expect(smtp.received.filter((x) => x.to.includes(email))).toHaveLength(2); // the confirmation and the newsletter
    expect(header(newsletter, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(newsletter.text).toContain('subscribed to the');
    const off = await oneClick(unsubscribeLink(newsletter).path);
    expect(off.json()).toMatchObject({ kind: 'newsletter', on: false });
    expect(await subscribers()).toBe(before);
    const [row] = await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row!.unsubscribed_at).not.toBeNull();
  });
});
