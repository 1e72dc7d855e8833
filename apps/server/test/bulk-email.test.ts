import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '@aesa/shared/admin';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { bulkEmails, mailOutbox, users } from '../src/db/schema.ts';
import { createTestApp, createTestDatabase, testClock } from './support/test-app.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { startSmtpSink, type ReceivedMail } from './support/smtp-sink.ts';
import { refusal } from './support/refusal.ts';
import type { ErrorCode } from '@aesa/shared/error-codes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many messages each address received. */
function perAddress(received: ReceivedMail[], addresses: string[]) {
  return Object.fromEntries(addresses.map((a) => [a, received.filter((m) => m.to.includes(a)).length]));
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('bulk e-mail through a real SMTP server', () => {
  const { t, smtp: sink } = useTestAppWithMail();
  let superH: Record<string, string>;
  let emailH: Record<string, string>;
  beforeAll(async () => {
    superH = (await signedInAdmin(t.app, ['is_super_admin'])).headers;
    emailH = (await signedInAdmin(t.app, ['is_email_admin'])).headers;
  });

  const send = (url: string, payload: object, headers = superH) => t.app.inject({ method: 'POST', url, headers, payload });

  it('super admin: groups and addresses overlap, yet each recipient gets exactly one message; unconfirmed accounts get none', async () => {
    const tag = randomUUID().slice(0, 6);
    const students = await Promise.all([1, 2, 3].map((i) => createMember(t.app, { user_type: 'student', email: `student${i}-${tag}@uni.test` })));
    const alumni = await Promise.all([1, 2].map((i) => createMember(t.app, { user_type: 'alumni', email: `alum${i}-${tag}@uni.test` })));
    const member = await createMember(t.app, { user_type: 'member', email: `member-${tag}@uni.test` });
    const unconfirmed = await createMember(t.app, { user_type: 'student', email: `new-${tag}@uni.test` });
    await t.app.db.update(users).set({ email_verified_at: null }).where(eq(users.id, unconfirmed.id));

    const res = await send('/api/admin/send-bulk-email', {
      subject: 'Wind tunnel open day',
      body: 'The department wind tunnel is open to all students on Friday.',
      recipient_roles: ['student', 'alumni', students[0]!.email.toUpperCase(), member.email],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, recipients_count: 6 });
    // alumni group may also hold alumni created by other tests of this file: count ours.
    const ours = [...students, ...alumni, member].map((u) => u.email);
    await waitUntil(() => ours.every((a) => sink.received.some((m) => m.to.includes(a))));
    await sleep(500); // a duplicate would arrive now
    expect(perAddress(sink.received, ours)).toEqual(Object.fromEntries(ours.map((a) => [a, 1])));
    expect(perAddress(sink.received, [unconfirmed.email])).toEqual({ [unconfirmed.email]: 0 });
    const mail = sink.received.find((m) => m.to.includes(member.email))!;
    expect(mail.subject).toBe('Wind tunnel open day');
    expect(mail.text).toContain('The department wind tunnel is open');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/bulk-emails', headers: emailH });
    const item = list.json().bulk_emails.find((b: { id: string }) => b.id === res.json().bulk_email_id);
    expect(item).toMatchObject({ subject: 'Wind tunnel open day', recipients_count: 6, delivery: { sent: 6, pending: 0, failed: 0, sending: 0 } });
    expect(item.recipient_roles).toEqual(['student', 'alumni', students[0]!.email, member.email]);
    expect(item.sender.name).toBeTruthy();
  });

  it('super admin: refuses unknown groups, unregistered addresses and an empty recipient list, and queues nothing', async () => {
    const before = (await t.app.db.select().from(bulkEmails)).length;
    const base = { subject: 'Hello', body: 'A message for everyone.' };
    const cases: [object, string, ErrorCode?][] = [
      [{ ...base, recipient_roles: [] }, ADMIN_MSG.selectRecipientRoleOrUsers],
      [{ ...base }, ADMIN_MSG.selectRecipientRoleOrUsers],
      [{ ...base, recipient_roles: ['teachers'] }, ADMIN_MSG.unknownGroup('teachers')],
      [{ ...base, recipient_roles: ['student', 'stranger@elsewhere.test'] }, ADMIN_MSG.unregisteredAddresses(['stranger@elsewhere.test']), 'BULK_EMAIL_UNREGISTERED_ADDRESSES'],
      [{ body: base.body, recipient_roles: ['all'] }, ADMIN_MSG.subjectRequired],
      [{ subject: 'Hello there', body: '  ', recipient_roles: ['all'] }, ADMIN_MSG.bodyRequired],
      // The same limits as the communications screen: a subject of 5 to 255 characters, a message of 20 or more.
      [{ subject: 'Hey', body: base.body, recipient_roles: ['all'] }, ADMIN_MSG.subjectLength],
      [{ subject: 'x'.repeat(256), body: base.body, recipient_roles: ['all'] }, ADMIN_MSG.subjectLength],
      [{ subject: 'Hello there', body: 'Too short', recipient_roles: ['all'] }, ADMIN_MSG.bodyTooShort],
    ];
    for (const [payload, error, code] of cases) {
      const res = await send('/api/admin/send-bulk-email', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(refusal(error, code));
    }
    expect((await t.app.db.select().from(bulkEmails)).length).toBe(before);
    // Only the super admin screen's endpoint is super-only.
    expect((await send('/api/admin/send-bulk-email', { ...base, recipient_roles: ['all'] }, emailH)).statusCode).toBe(403);
  });

  it('communications: chosen members only, or the admin group; the spec limits and alerts', async () => {
    const a = await createMember(t.app, { user_type: 'member' });
    const b = await createMember(t.app, { user_type: 'student' });
    const ok = await send('/api/admin/communications/send', { subject: 'Meeting Reminder', body: 'General meeting holds on Thursday at 4pm.', recipient_user_ids: [a.id, b.id, a.id] }, emailH);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, recipients_count: 2 });
    expect(ok.json().bulk_email_id).toMatch(/^[0-9a-f-]{36}$/);
    await sink.waitFor(a.email);
    await sink.waitFor(b.email);

    const admins = await send('/api/admin/communications/send', { subject: 'Admin sync', body: 'Admins: please review the dashboard today.', recipient_groups: ['admin'] }, emailH);
    const adminCount = (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from admin_users`)).rows[0]!.n;
    expect(admins.json().recipients_count).toBe(adminCount);

    const bad: [object, string][] = [
      [{ subject: 'Hey', body: 'A body long enough to pass the rule.', recipient_groups: ['all'] }, ADMIN_MSG.subjectLength],
      [{ subject: 'x'.repeat(256), body: 'A body long enough to pass the rule.', recipient_groups: ['all'] }, ADMIN_MSG.subjectLength],
      [{ subject: 'Hello there', body: 'Too short', recipient_groups: ['all'] }, ADMIN_MSG.bodyTooShort],
      [{ subject: 'Hello there', body: 'A body long enough to pass the rule.' }, ADMIN_MSG.selectRecipientRole],
      [{ subject: 'Hello there', body: 'A body long enough to pass the rule.', recipient_user_ids: [] }, ADMIN_MSG.selectMember],
      [{ subject: 'Hello there', body: 'A body long enough to pass the rule.', recipient_user_ids: [randomUUID()] }, ADMIN_MSG.unknownMembers],
    ];
    for (const [payload, error] of bad) {
      const res = await send('/api/admin/communications/send', payload, emailH);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('a dry run of either send answers the exact count of distinct recipients and queues nothing', async () => {
    const a = await createMember(t.app, { user_type: 'member' });
    const b = await createMember(t.app, { user_type: 'student' });
    const outboxBefore = (await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`)).rows[0]!.n;
    const sendsBefore = (await t.app.db.select().from(bulkEmails)).length;
    const body = 'General meeting holds on Thursday at 4pm in the lecture theatre.';
    const chosen = await send('/api/admin/communications/send', { subject: 'Meeting Reminder', body, recipient_user_ids: [a.id, b.id, a.id], dry_run: true }, emailH);
    expect(chosen.json()).toEqual({ success: true, recipients_count: 2, bulk_email_id: null, subscribers_count: 0, turned_off_count: 0 });
    const byAddress = await send('/api/admin/send-bulk-email', { subject: 'Meeting Reminder', body, recipient_roles: [a.email, b.email.toUpperCase()], dry_run: true });
    expect(byAddress.json()).toEqual({ success: true, recipients_count: 2, bulk_email_id: null, subscribers_count: 0, turned_off_count: 0 });
    // The count is the one the real send then queues.
    const everyone = await send('/api/admin/send-bulk-email', { subject: 'Meeting Reminder', body, recipient_roles: ['all'], dry_run: true });
    const counted = everyone.json().recipients_count as number;
    expect((await t.app.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`)).rows[0]!.n).toBe(outboxBefore);
    expect((await t.app.db.select().from(bulkEmails)).length).toBe(sendsBefore);
    const real = await send('/api/admin/send-bulk-email', { subject: 'Meeting Reminder', body, recipient_roles: ['all'] });
    expect(real.json().recipients_count).toBe(counted);
    // A dry run is refused for the same reasons as a send.
    const nobody = await send('/api/admin/communications/send', { subject: 'Meeting Reminder', body, recipient_user_ids: [], dry_run: true }, emailH);
    expect(nobody.json()).toEqual(refusal(ADMIN_MSG.selectMember));
  });

  it('communications member list: confirmed members only, searchable by name, e-mail or matric digits, filtered by level', async () => {
    // A name tag with a letter: a search of digits alone is a matric-number search (one run in
    // about forty drew eight hex digits that were all numbers, and found nobody by name).
    const tag = `t${randomUUID().slice(0, 8)}`;
    const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '7');
    const ada = await createMember(t.app, { name: `Adaeze Nwosu ${tag}`, current_level: '400 Level', matric_number: `AE/19/${digits}` });
    await createMember(t.app, { name: `Adamu Musa ${tag}`, current_level: '200 Level' });
    const hidden = await createMember(t.app, { name: `Adaora Unconfirmed ${tag}` });
    await t.app.db.update(users).set({ email_verified_at: null }).where(eq(users.id, hidden.id));

    const res = await t.app.inject({ method: 'GET', url: `/api/admin/communications/members?search=${tag}`, headers: emailH });
    expect(res.statusCode).toBe(200);
    const names = res.json().members.map((m: { name: string }) => m.name);
    expect(names).toEqual([`Adaeze Nwosu ${tag}`, `Adamu Musa ${tag}`]);
    expect(res.json().total).toBe(2);
    expect(Object.keys(res.json().members[0]).sort()).toEqual(['aesa_role', 'current_level', 'email', 'enrollment_year', 'id', 'name', 'profile_image_url']);
    expect(res.json().members[0].aesa_role).toBe('Members');

    const byLevel = await t.app.inject({ method: 'GET', url: `/api/admin/communications/members?search=${tag}&level=400`, headers: emailH });
    expect(byLevel.json().members.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    const byEmail = await t.app.inject({ method: 'GET', url: `/api/admin/communications/members?search=${encodeURIComponent(ada.email.toUpperCase())}`, headers: emailH });
    expect(byEmail.json().members.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    const byMatric = await t.app.inject({ method: 'GET', url: `/api/admin/communications/members?search=${digits.slice(2, 8)}`, headers: emailH });
    expect(byMatric.json().members.map((m: { id: string }) => m.id)).toEqual([ada.id]);
  });
});

describe('bulk e-mail across a restart', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let database: Database;
  let uploadDir: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase();
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-test-uploads-'));
  });
  afterAll(async () => {
    await database.close();
    await sink.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** The real app and its mail worker on the shared database, as main.ts starts them. */
  async function boot(perMinute: number) {
    const config: AppConfig = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, PUBLIC_URL: 'http://portal.test' }),
      uploadDir,
      clock: testClock(),
      mailPollMs: 50,
      mailPerMinute: perMinute,
      smtpUrl: sink.url,
    };
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    // Closing stops taking requests, then lets the worker finish (its plugin's onClose).
    return { app, stop: () => app.close() };
  }

  it('30 queued messages, the app stopped mid-sending, a new app on the same database: every recipient gets exactly one', async () => {
    // 300 a minute: batches of 5, one second apart, so the stop lands mid-run.
    const first = await boot(300);
    const admin = await signedInAdmin(first.app, ['is_super_admin']);
    // Recipients never log in here: straight rows, no password hashing.
    const addresses = Array.from({ length: 30 }, (_, i) => `restart${i}@uni.test`);
    await first.app.db.insert(users).values(
      addresses.map((email, i) => ({ email, matric_number: `AE/18/${1000 + i}`, name: `Alumnus ${i}`, user_type: 'alumni', email_verified_at: new Date() })),
    );

    const res = await first.app.inject({
      method: 'POST',
      url: '/api/admin/send-bulk-email',
      headers: admin.headers,
      payload: { subject: 'Alumni homecoming', body: 'Join us for the alumni homecoming in March.', recipient_roles: ['alumni'] },
    });
    expect(res.json()).toMatchObject({ success: true, recipients_count: 30 });
    // The answer came back with the messages queued, not sent.
    expect(sink.received.length).toBeLessThan(30);

    await waitUntil(() => sink.received.length >= 7);
    await first.stop();
    const atStop = sink.received.length;
    expect(atStop).toBeLessThan(30);
    const rows = await database.db.select({ status: mailOutbox.status, n: sql<number>`count(*)::int` }).from(mailOutbox).groupBy(mailOutbox.status);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    // Nothing is left leased by the stopped worker, and 'sent' is exactly what the sink got.
    expect(byStatus.sending ?? 0).toBe(0);
    expect(byStatus.sent).toBe(atStop);
    expect(byStatus.pending).toBe(30 - atStop);

    const second = await boot(6000);
    try {
      await waitUntil(() => addresses.every((a) => sink.received.some((m) => m.to.includes(a))));
      await sleep(800); // a duplicate would arrive now
      expect(perAddress(sink.received, addresses)).toEqual(Object.fromEntries(addresses.map((a) => [a, 1])));
      expect(sink.received.length).toBe(30);
      const left = await database.db.select().from(mailOutbox).where(sql`${mailOutbox.status} <> 'sent'`);
      expect(left).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});

describe('bulk e-mail without SMTP', () => {
  it('is kept in the outbox (for /dev/mail) and answered at once', async () => {
    const t = await createTestApp();
    try {
      const admin = await signedInAdmin(t.app, ['is_super_admin']);
      await signedInMember(t.app, { user_type: 'student' });
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/send-bulk-email', headers: admin.headers, payload: { subject: 'Notice to students', body: 'The library opens late on Friday.', recipient_roles: ['student'] } });
      expect(res.json()).toMatchObject({ success: true, recipients_count: 1 });
      const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.bulk_email_id, res.json().bulk_email_id));
      expect(row!.status).toBe('kept');
    } finally {
      await t.close();
    }
  });
});
