import { and, eq, inArray, isNull, like, not } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { electionRolls, mailOutbox, notificationPreferences, users } from '../src/db/schema.ts';
import { dateTimeText } from '../src/lib/date-text.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { signedInAdmin } from './support/factories.ts';
import { createElection, fastVoters, startSecondApp } from './support/elections.ts';

// Election notices: when voting opens and when the final results are published, each member on
// the roll who wants them gets one e-mail, through the outbox, once per election.

const { t, smtp } = useTestAppWithMail();
const HOUR = 3600_000;
const START = new Date('2027-03-01T09:00:00Z');

let election: Awaited<ReturnType<typeof createElection>>;
let optedOut: Awaited<ReturnType<typeof fastVoters>>;
let unverified: Awaited<ReturnType<typeof fastVoters>>;
/** The addresses that should get each notice: on the roll, a confirmed address, notices not turned off. */
let expected: string[];

const noticesOf = (prefix: string) =>
  t.app.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `${prefix}:${election.id}:%`));

beforeAll(async () => {
  t.clock.set(new Date(START.getTime() - HOUR));
  await signedInAdmin(t.app, ['is_electoral_admin']); // an officer is a member on the roll too
  election = await createElection(t.app, { title: 'Notice Test Election', start_time: START, end_time: new Date(START.getTime() + 2 * HOUR) });
  const wanting = await fastVoters(t.app, 3, { name: 'Wants notices' });
  optedOut = await fastVoters(t.app, 1, { name: 'No notices' });
  const unconfirmed = await fastVoters(t.app, 1, { name: 'Unconfirmed' });
  unverified = await fastVoters(t.app, 1, { name: 'Not on the roll', verified: false });
  await t.app.db.update(users).set({ email_verified_at: START }).where(inArray(users.id, [...wanting, ...optedOut, ...unverified].map((v) => v.user.id)));
  await t.app.db.update(users).set({ email_verified_at: null }).where(eq(users.id, unconfirmed[0]!.user.id));
  // A member who turned election notices off; a member who turned only announcements off still wants them.
  await t.app.db.insert(notificationPreferences).values([
    { user_id: optedOut[0]!.user.id, election_notices: false },
    { user_id: wanting[0]!.user.id, announcements: false },
  ]);
});

/** The roll's members with a confirmed address who did not turn notices off, once the roll is frozen. */
async function expectedAddresses() {
  const rows = await t.app.db
    .select({ email: users.email })
    .from(electionRolls)
    .innerJoin(users, eq(users.id, electionRolls.member_id))
    .where(and(eq(electionRolls.election_id, election.id), not(isNull(users.email_verified_at)), not(eq(users.id, optedOut[0]!.user.id))));
  return rows.map((r) => r.email).sort();
}

describe('election notices', () => {
  it('voting opened: queued by the tick, not in the request that froze the roll; one notice per member when the tick runs twice in two app instances', async () => {
    t.clock.set(new Date(START.getTime() + 1000));
    // A read freezes the roll (its route's settling) and queues nothing: that is the tick's.
    const read = await t.app.inject({ method: 'GET', url: `/api/elections/${election.id}` });
    expect(read.json().election.voting_opened).toBe(true);
    expect(await noticesOf('election-open')).toEqual([]);
    const second = await startSecondApp(t);
    try {
      await Promise.all([t.app.electionRecord.tick(), second.app.electionRecord.tick(), t.app.electionRecord.tick()]);
      await second.app.electionRecord.tick();
    } finally {
      await second.close();
    }
    expected = await expectedAddresses();
    expect(expected.length).toBe(4); // the three who want them and the officer
    const queued = await noticesOf('election-open');
    expect(queued.map((m) => m.to_address).sort()).toEqual(expected);
    for (const m of queued) {
      expect(m.kind).toBe('election_notices');
      expect(m.dedupe_key).toBe(`election-open:${election.id}:${m.user_id}`);
    }
    const emails = (await t.app.db.select({ email: users.email }).from(users).where(inArray(users.id, [optedOut[0]!.user.id, unverified[0]!.user.id]))).map((u) => u.email);
    for (const e of emails) expect(queued.some((m) => m.to_address === e)).toBe(false);

    // Through the mail worker to the real SMTP sink: the election, when voting ends, where to vote.
    const isOpened = (m: { subject: string }) => m.subject.includes('voting in Notice Test Election is open');
    const mail = await smtp.waitFor(expected[0]!, undefined, isOpened);
    expect(mail.text).toContain(dateTimeText(t.config, election.end_time));
    expect(mail.text).toContain(`http://portal.test/election/${election.id}`);
    for (const to of expected.slice(1)) await smtp.waitFor(to, undefined, isOpened);
  });

  it('final results published: one notice per member who wants them; publishing again queues nothing', async () => {
    t.clock.set(new Date(START.getTime() + 3 * HOUR));
    const electoral = await signedInAdmin(t.app, ['is_electoral_admin']); // signed in now (sessions go idle)
    const publish = () => t.app.inject({ method: 'POST', url: `/api/elections/${election.id}/publish-final-results`, headers: electoral.headers, payload: {} });
    // The route's settling closes the record first (voting ended an hour ago).
    expect((await publish()).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(409);
    const queued = await noticesOf('election-results');
    expect(queued.map((m) => m.to_address).sort()).toEqual(expected);
    expect(queued.every((m) => m.kind === 'election_notices' && m.user_id !== null)).toBe(true);
    const isResults = (m: { subject: string }) => m.subject.includes('final results of Notice Test Election');
    const mail = await smtp.waitFor(expected[0]!, undefined, isResults);
    expect(mail.text).toContain(`http://portal.test/elections/results/${election.id}`);
  });

  it('a hidden election sends no notice, nor one that closed before the tick came', async () => {
    const hidden = await createElection(t.app, { is_publicly_visible: false, start_time: new Date(t.clock().getTime() - 1000) });
    await t.app.electionRecord.tick();
    expect(await t.app.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `election-open:${hidden.id}:%`))).toEqual([]);
    const now = t.clock().getTime();
    const short = await createElection(t.app, { start_time: new Date(now - 2 * HOUR), end_time: new Date(now - HOUR) });
    await t.app.electionRecord.settle(short.id); // opened and closed at once: voting is over
    await t.app.electionRecord.tick();
    expect(await t.app.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `election-open:${short.id}:%`))).toEqual([]);
  });
});
