import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { connect, type Database } from '../src/db/client.ts';
import { mailOutbox, notificationPreferences } from '../src/db/schema.ts';
import { queueDueReminders } from '../src/modules/rsvp/rsvp.service.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { createTestDatabase, testClock } from './support/test-app.ts';

// The e-mails of event sign-ups through the real outbox, mail worker and an SMTP capture: the
// reminder the day before goes once per member even with two app instances on one database
// running the reminder job at the same moment, a member who turned event updates off gets none,
// and an admin's change of date, place or status reaches everyone going or waiting, once.

let sink: SmtpSink;
let database: Database & { name: string };
let second: Awaited<ReturnType<typeof connect>>;
let uploadDir: string;
const clock = testClock(new Date('2026-03-01T12:00:00Z'));
const apps: FastifyInstance[] = [];

/** One app instance on the shared database, as main.ts starts it, each with its own pool and its own turn at the jobs. */
async function boot(db: Omit<Database, 'close'>) {
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, PUBLIC_URL: 'http://portal.test' }),
    uploadDir,
    clock,
    mailPollMs: 50,
    mailRetryBaseMs: 50,
    mailPerMinute: 100_000,
    electionRecordTickMs: 0,
    eventReminderTickMs: 25,
    jobsRetryMs: 50,
    smtpUrl: sink.url,
  };
  const app = await buildApp({ config, database: { ...db, close: async () => {} }, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

let first: FastifyInstance;
let other: FastifyInstance;
beforeAll(async () => {
  sink = await startSmtpSink();
  database = await createTestDatabase();
  second = connect(database.url, 'postgres', 5);
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-test-uploads-'));
  first = await boot(database);
  other = await boot(second);
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await second.close();
  await database.close();
  await sink.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** Waits until the outbox holds no message still to send: every queued one reached the sink. */
async function outboxDrained() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(sql`${mailOutbox.status} in ('pending', 'sending')`);
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error('the outbox did not drain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const received = (email: string) => sink.received.filter((m) => m.to.includes(email));

async function createEvent(admin: { headers: Record<string, string> }, extra: object) {
  const res = await first.inject({
    method: 'POST',
    url: '/api/admin/events',
    headers: admin.headers,
    payload: { title: 'Glider Launch', description: 'Launching the club glider.', location: 'Airstrip', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().event as { id: string; version: number };
}

describe('event e-mails over SMTP', () => {
  it('the reminder goes once per member going, with two instances running the job at once; not to a member who turned event updates off', async () => {
    const admin = await signedInAdmin(first, ['is_event_admin']);
    // Tomorrow, 20 hours from now: inside the reminder window.
    const event = await createEvent(admin, { event_date: '2026-03-02T08:00:00Z', capacity: 4 });
    const going = [];
    for (const i of [1, 2, 3]) going.push(await signedInMember(first, { name: `Pilot ${i}` }));
    const quiet = await signedInMember(first, { name: 'Quiet Pilot' });
    const waiting = await signedInMember(first, { name: 'Waiting Pilot' });
    await first.db.insert(notificationPreferences).values({ user_id: quiet.user.id, event_updates: false });
    // Members answer on either instance; quiet has a place, waiting is beyond the capacity.
    for (const [i, m] of [...going, quiet, waiting].entries()) {
      const res = await (i % 2 ? other : first).inject({ method: 'PUT', url: `/api/events/${event.id}/rsvp`, headers: m.headers, payload: { answer: 'going' } });
      expect(res.statusCode, res.body).toBe(200);
    }

    // Both instances run the job at the same moment, several times over, besides their own ticks.
    for (let i = 0; i < 5; i++) await Promise.all([first, other].map((app) => queueDueReminders(app.db, app.config, clock())));
    await outboxDrained();
    for (const m of going) {
      const mails = received(m.user.email);
      expect(mails.map((x) => x.subject)).toEqual(['Reminder: Glider Launch is tomorrow']);
      expect(mails[0]!.text).toContain(`http://portal.test/events/${event.id}`);
    }
    expect(received(quiet.user.email)).toEqual([]);
    expect(received(waiting.user.email)).toEqual([]);
    const keys = await database.db.select({ key: mailOutbox.dedupe_key }).from(mailOutbox).where(eq(mailOutbox.kind, 'event_updates'));
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => k.key!.startsWith(`event-reminder:${event.id}:`))).toBe(true);
  });

  it('a postponement and a new place reach the members going and waiting once each, with what changed; not those not going', async () => {
    const admin = await signedInAdmin(first, ['is_event_admin']);
    const event = await createEvent(admin, { event_date: '2026-04-10T09:00:00Z', capacity: 1 });
    const goer = await signedInMember(first, { name: 'Goer' });
    const waiter = await signedInMember(first, { name: 'Waiter' });
    const absent = await signedInMember(first, { name: 'Absent' });
    for (const [m, answer] of [
      [goer!, 'going'],
      [waiter!, 'going'],
      [absent!, 'not_going'],
    ] as const) {
      await first.inject({ method: 'PUT', url: `/api/events/${event.id}/rsvp`, headers: m.headers, payload: { answer } });
    }
    const res = await other.inject({
      method: 'PATCH',
      url: `/api/admin/events/${event.id}`,
      headers: { ...admin.headers, 'if-match': `"${event.version}"` },
      payload: { status: 'postponed', location: 'Hangar 3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // A title fix is no change members must hear of.
    await first.inject({ method: 'PATCH', url: `/api/admin/events/${event.id}`, headers: { ...admin.headers, 'if-match': `"${event.version + 1}"` }, payload: { title: 'Glider Launch Day' } });
    await outboxDrained();
    for (const m of [goer!, waiter!]) {
      const mails = received(m.user.email);
      expect(mails.map((x) => x.subject)).toEqual(['Postponed: Glider Launch']);
      expect(mails[0]!.text).toContain('Glider Launch has been postponed.');
      expect(mails[0]!.text).toContain('It has moved to a new place: Hangar 3.');
    }
    expect(received(absent!.user.email)).toEqual([]);
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.user_id, [goer!.user.id, waiter!.user.id]));
    expect(rows.map((r) => r.dedupe_key).sort()).toEqual([goer!, waiter!].map((m) => `event-change:${event.id}:2:${m.user.id}`).sort());
  });
});
