import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MSG } from '@aesa/shared/turnout';
import { auditLog, mailOutbox, notificationPreferences, sessions, users } from '../src/db/schema.ts';
import { dateTimeText } from '../src/lib/date-text.ts';
import { useTestAppWithMail } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters } from './support/elections.ts';
import { refusal } from './support/refusal.ts';

const { t, smtp } = useTestAppWithMail();
const HOUR = 3600_000;
const START = new Date('2027-06-01T08:03:00Z');

let electoral: Awaited<ReturnType<typeof signedInAdmin>>;
let dataH: Record<string, string>;
let memberH: Record<string, string>;
let election: Awaited<ReturnType<typeof createElection>>;
let president: { id: string }[];
let treasurer: { id: string };
let voters: Awaited<ReturnType<typeof fastVoters>>;
let notVoting: Awaited<ReturnType<typeof fastVoters>>;
let unconfirmed: Awaited<ReturnType<typeof fastVoters>>;
let unverified: Awaited<ReturnType<typeof fastVoters>>;
/** Who should get a reminder: eligible, with a confirmed address, no participation. */
let expectedReminded: string[];

const confirm = (ids: string[]) => t.app.db.update(users).set({ email_verified_at: new Date() }).where(inArray(users.id, ids));
const vote = (headers: Record<string, string>, candidate_id: string, position: string) =>
  t.app.inject({ method: 'POST', url: `/api/voting/elections/${election.id}/vote`, headers, payload: { candidate_id, position } });
const turnout = (headers: Record<string, string>, id = election.id) => t.app.inject({ method: 'GET', url: `/api/elections/${id}/turnout`, headers });
const remind = (headers: Record<string, string>, id = election.id) => t.app.inject({ method: 'POST', url: `/api/elections/${id}/remind`, headers, payload: {} });

beforeAll(async () => {
  t.clock.set(START);
  // Everyone made here is an eligible member (a current role verified by an admin) unless said otherwise.
  electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
  dataH = (await signedInAdmin(t.app, ['is_data_admin'])).headers;
  memberH = (await signedInMember(t.app)).headers;
  election = await createElection(t.app, { start_time: new Date(START.getTime() - HOUR), end_time: new Date(START.getTime() + 72 * HOUR), title: 'General Elections 2027' });
  const [a, b, c] = [await createMember(t.app, { name: 'Pres A' }), await createMember(t.app, { name: 'Pres B' }), await createMember(t.app, { name: 'Treas C' })];
  president = [await addCandidate(t.app, election.id, a.id, 'President'), await addCandidate(t.app, election.id, b.id, 'President')];
  treasurer = await addCandidate(t.app, election.id, c.id, 'Treasurer');
  voters = await fastVoters(t.app, 3, { name: 'Voter' });
  notVoting = await fastVoters(t.app, 4, { name: 'Abstainer' });
  unconfirmed = await fastVoters(t.app, 1, { name: 'Unconfirmed' });
  unverified = await fastVoters(t.app, 2, { name: 'Unverified', verified: false });
  await confirm([...voters, ...notVoting, ...unverified].map((v) => v.user.id));
  // Their sessions were last used when made, by the test clock (not the machine's).
  await t.app.db.update(sessions).set({ last_seen_at: START });

  // Votes in two 10-minute periods: 08:00-08:10 and 08:20-08:30.
  expect((await vote(voters[0]!.headers, president[0]!.id, 'President')).statusCode).toBe(200);
  expect((await vote(voters[1]!.headers, president[1]!.id, 'President')).statusCode).toBe(200);
  t.clock.set(new Date(START.getTime() + 20 * 60_000));
  expect((await vote(voters[0]!.headers, treasurer.id, 'Treasurer')).statusCode).toBe(200);
  expect((await vote(voters[2]!.headers, president[0]!.id, 'President')).statusCode).toBe(200);
  t.clock.set(START);

  const allUsers = await t.app.db.select({ id: users.id, email: users.email, confirmed: users.email_verified_at }).from(users);
  const voted = new Set(voters.map((v) => v.user.id));
  const ineligible = new Set(unverified.map((v) => v.user.id));
  expectedReminded = allUsers.filter((u) => u.confirmed && !voted.has(u.id) && !ineligible.has(u.id)).map((u) => u.email).sort();
});

describe('turnout', () => {
  it('answers counts only: per position over time (cumulative), the roll, who has voted in number', async () => {
    const res = await turnout(electoral.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The roll: every eligible member (the unverified are not on it); 3 of them voted.
    const eligible = (await t.app.db.select({ id: users.id }).from(users)).length - unverified.length;
    expect(body).toMatchObject({ election_id: election.id, roll_size: eligible, voters: 3, not_voted: expectedReminded.length, reminded_at: null, next_reminder_at: null });
    expect(body.positions).toEqual([
      { position: 'President', total: 3, points: [{ period: '2027-06-01T08:00:00.000Z', votes: 2 }, { period: '2027-06-01T08:20:00.000Z', votes: 3 }] },
      { position: 'Treasurer', total: 1, points: [{ period: '2027-06-01T08:20:00.000Z', votes: 1 }] },
    ]);
    // Never who: no member's or candidate's id is in the answer.
    const text = res.body;
    for (const id of [...voters, ...notVoting].map((v) => v.user.id).concat(president.map((p) => p.id), treasurer.id)) expect(text).not.toContain(id);
  });

  it('is for electoral admins only', async () => {
    expect((await turnout(dataH)).statusCode).toBe(403);
    expect((await turnout(memberH)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/elections/${election.id}/turnout` })).statusCode).toBe(401);
    expect((await turnout(electoral.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('reminding those who have not voted', () => {
  it('is refused outside voting: before it opens and after it ends', async () => {
    const now = START.getTime();
    const upcoming = await createElection(t.app, { start_time: new Date(now + HOUR), end_time: new Date(now + 2 * HOUR) });
    const ended = await createElection(t.app, { start_time: new Date(now - 2 * HOUR), end_time: new Date(now - HOUR) });
    for (const e of [upcoming, ended]) {
      const res = await remind(electoral.headers, e.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refusal(REMINDER_MSG.notOpen, 'ELECTION_REMINDER_NOT_OPEN'));
    }
    expect(await t.app.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%you have not voted%'))).toEqual([]);
    expect((await remind(dataH)).statusCode).toBe(403);
    expect((await remind(memberH)).statusCode).toBe(403);
  });

  it('parallel clicks: one queues exactly one e-mail per eligible non-voter, the others are refused with when the next is allowed', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => remind(electoral.headers)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({ success: true, queued: expectedReminded.length, message: REMINDER_MSG.queued(expectedReminded.length) });
    const next = dateTimeText(t.config, new Date(START.getTime() + 12 * HOUR));
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual(refusal(REMINDER_MSG.tooSoon(next), 'ELECTION_REMINDER_TOO_SOON'));
    }

    const queued = await t.app.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%you have not voted in General Elections 2027%'));
    expect(queued.map((m) => m.to_address).sort()).toEqual(expectedReminded);

    // Each reaches the SMTP sink once, naming the election, its end in the association's time zone, and the voting page.
    // (The notice that voting opened goes to the roll too: only the reminders are counted here.)
    const isReminder = (m: { subject: string }) => m.subject.includes('you have not voted in General Elections 2027');
    for (const to of expectedReminded) await smtp.waitFor(to, undefined, isReminder);
    await new Promise((r) => setTimeout(r, 300)); // anything sent twice would have arrived by now
    const reminders = smtp.received.filter(isReminder);
    expect(reminders.flatMap((m) => m.to).sort()).toEqual(expectedReminded);
    const mail = reminders[0]!;
    expect(mail.text).toContain('"General Elections 2027"');
    expect(mail.text).toContain(dateTimeText(t.config, election.end_time));
    expect(mail.text).toContain(`http://portal.test/election/${election.id}`);
    const emailOf = async (ids: string[]) => (await t.app.db.select({ email: users.email }).from(users).where(inArray(users.id, ids))).map((u) => u.email);
    const never = await emailOf([...voters, ...unverified, ...unconfirmed].map((v) => v.user.id));
    expect(never).toHaveLength(6);
    for (const email of never) expect(reminders.some((m) => m.to.includes(email))).toBe(false);

    // One audit entry that it happened; the refusals are recorded as failed.
    const entries = await t.app.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/elections/:id/remind'), eq(auditLog.target_id, election.id)));
    expect(entries.filter((e) => e.outcome === 'ok')).toHaveLength(1);
    expect(entries.filter((e) => e.outcome === 'failed')).toHaveLength(5);

    // The turnout answer says when the next reminder may go.
    expect((await turnout(electoral.headers)).json()).toMatchObject({ reminded_at: START.toISOString(), next_reminder_at: new Date(START.getTime() + 12 * HOUR).toISOString() });
  });

  it('the next one is allowed 12 hours later, and reaches only those who still have not voted and want election notices', async () => {
    t.clock.set(new Date(START.getTime() + 12 * HOUR - 60_000));
    // A fresh admin session (an admin's idle limit is 2 hours): the rule is per election, not per admin.
    const later = await signedInAdmin(t.app, ['is_electoral_admin']);
    expect((await remind(later.headers)).statusCode).toBe(409);
    t.clock.set(new Date(START.getTime() + 12 * HOUR));
    expect((await vote(notVoting[0]!.headers, president[1]!.id, 'President')).statusCode).toBe(200);
    // A reminder is an election notice: a member who turned those off is neither counted nor reminded.
    await t.app.db.insert(notificationPreferences).values({ user_id: notVoting[1]!.user.id, election_notices: false });
    const [{ email: optedOut }] = (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, notVoting[1]!.user.id))) as [{ email: string }];
    expect((await turnout(later.headers)).json().not_voted).toBe(expectedReminded.length - 2);
    const before = new Set((await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id));
    const res = await remind(later.headers);
    expect(res.statusCode).toBe(200);
    // The admin made just now is eligible, but not on the roll frozen when voting opened: not reminded.
    expect(res.json().queued).toBe(expectedReminded.length - 2);
    const added = (await t.app.db.select().from(mailOutbox)).filter((m) => !before.has(m.id));
    const [{ email: nowVoted }] = (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, notVoting[0]!.user.id))) as [{ email: string }];
    expect(added.some((m) => m.to_address === nowVoted)).toBe(false);
    expect(added.some((m) => m.to_address === optedOut)).toBe(false);
    expect(added).toHaveLength(expectedReminded.length - 2);
    for (const m of added) expect(m).toMatchObject({ kind: 'election_notices', user_id: expect.any(String) });
    expect(added.map((m) => m.to_address)).not.toContain(later.user.email);
  });
});
