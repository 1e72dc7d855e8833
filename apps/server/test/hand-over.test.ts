import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { HAND_OVER_MSG } from '@aesa/shared/hand-over';
import { academicSessions, auditLog, mailOutbox, memberRoles, sessionHandOvers, users } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';

const t = useTestApp();
let dataAdmin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  dataAdmin = await signedInAdmin(t.app, ['is_data_admin'], { name: 'Data Officer', current_level: 'Alumni' });
});

const preview = (headers: Record<string, string> = dataAdmin.headers) => t.app.inject({ method: 'GET', url: '/api/admin/hand-over', headers });
const apply = (payload: object, headers: Record<string, string> = dataAdmin.headers) => t.app.inject({ method: 'POST', url: '/api/admin/hand-over', headers, payload });

async function levelOf(id: string) {
  return (await t.app.db.select({ level: users.current_level }).from(users).where(eq(users.id, id)))[0]!.level;
}
async function currentOf(id: string) {
  const roles = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, id));
  return roles.some((r) => r.is_current);
}

describe('hand-over to the next session', () => {
  it('without a current session there is nothing to hand over', async () => {
    const res = await preview();
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('HAND_OVER_NO_CURRENT_SESSION');
  });

  it('needs the data admin permission (members and other admins are refused)', async () => {
    const member = await signedInMember(t.app);
    const finance = await signedInAdmin(t.app, ['is_electoral_admin', 'is_email_admin']);
    expect((await preview({})).statusCode).toBe(401);
    expect((await preview(member.headers)).statusCode).toBe(403);
    expect((await preview(finance.headers)).statusCode).toBe(403);
    expect((await apply({ to_year: '2027-2028' }, member.headers)).statusCode).toBe(403);
    expect((await apply({ to_year: '2027-2028' }, finance.headers)).statusCode).toBe(403);
  });

  it('previews without changing anything, applies in one go with the members left out untouched, queues the e-mails, and refuses a second start', async () => {
    await t.app.db.insert(academicSessions).values({ year: '2026-2027', starts_on: '2026-10-01', ends_on: '2027-09-30', dues_amount: 5000, dues_by_level: { '100': 3000 }, is_current: true });
    const fresher = await createMember(t.app, { name: 'Ada Fresher', current_level: '100 Level' });
    const third = await createMember(t.app, { name: 'Bola Third', current_level: '300L' });
    const finalist = await createMember(t.app, { name: 'Chidi Final', current_level: '500 Level' });
    const leftOut = await createMember(t.app, { name: 'Dayo Kept', current_level: '400 Level' });
    const alumnus = await createMember(t.app, { name: 'Efe Alumnus', current_level: 'Alumni' });

    const snapshot = async () => ({
      sessions: await t.app.db.select().from(academicSessions).orderBy(academicSessions.year),
      people: await t.app.db.select({ id: users.id, level: users.current_level }).from(users).orderBy(users.id),
      roles: await t.app.db.select().from(memberRoles).orderBy(memberRoles.id),
      mail: await t.app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox),
    });
    const before = await snapshot();
    const res = await preview();
    expect(res.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    const body = res.json();
    expect(body.from).toMatchObject({ year: '2026-2027' });
    expect(body.to).toEqual({ year: '2027-2028', starts_on: '2027-10-01', ends_on: '2028-09-30', dues_amount: 5000, exists: false });
    expect(body.done).toBe(false);
    expect(body.how_to_renew).toBe(HAND_OVER_MSG.howToRenew);
    const byId = Object.fromEntries(body.members.map((m: { id: string }) => [m.id, m]));
    expect(byId[fresher.id]).toMatchObject({ level: '100 Level', next_level: '200 Level', lapses: true });
    expect(byId[third.id]).toMatchObject({ level: '300L', next_level: '400 Level' });
    expect(byId[finalist.id]).toMatchObject({ next_level: 'Alumni', lapses: true });
    expect(byId[alumnus.id]).toMatchObject({ level: 'Alumni', next_level: null, lapses: true });
    const everyone = await t.app.db.select({ n: sql<number>`count(distinct user_id)::int` }).from(memberRoles).where(sql`${memberRoles.is_current} and ${memberRoles.role_type} = 'member'`);
    expect(body.counts.lapsing).toBe(everyone[0]!.n);

    const wrong = await apply({ to_year: '2028-2029' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('HAND_OVER_WRONG_SESSION');

    const done = await apply({ to_year: '2027-2028', exclude: [leftOut.id] });
    expect(done.statusCode).toBe(200);
    const result = done.json();
    expect(result.message).toBe(HAND_OVER_MSG.started('2027-2028'));
    expect(result.session).toMatchObject({ year: '2027-2028', starts_on: '2027-10-01', ends_on: '2028-09-30', dues_amount: 5000 });
    expect(result.counts.excluded).toBe(1);
    expect(result.counts.lapsed).toBe(body.counts.lapsing - 1);

    const sessions = await t.app.db.select().from(academicSessions).orderBy(academicSessions.year);
    expect(sessions.map((s) => [s.year, s.is_current, s.version])).toEqual([
      ['2026-2027', false, 2],
      ['2027-2028', true, 2],
    ]);
    expect(sessions[1]!.dues_by_level).toEqual({ '100': 3000 });
    expect(await levelOf(fresher.id)).toBe('200 Level');
    expect(await levelOf(third.id)).toBe('400 Level');
    expect(await levelOf(finalist.id)).toBe('Alumni');
    expect(await levelOf(alumnus.id)).toBe('Alumni');
    expect(await levelOf(leftOut.id)).toBe('400 Level');
    expect(await currentOf(fresher.id)).toBe(false);
    expect(await currentOf(alumnus.id)).toBe(false);
    expect(await currentOf(leftOut.id)).toBe(true);

    // The renewal e-mail, through the outbox, to each affected member (not to the one left out).
    const mail = await t.app.db.select().from(mailOutbox).where(inArray(mailOutbox.to_address, [fresher.email, finalist.email, leftOut.email]));
    expect(mail.map((m) => m.to_address).sort()).toEqual([fresher.email, finalist.email].sort());
    const toFresher = mail.find((m) => m.to_address === fresher.email)!;
    expect(toFresher.subject).toContain('2027-2028');
    expect(toFresher.text_body).toContain('200 Level');
    expect(toFresher.text_body).toContain(HAND_OVER_MSG.howToRenew);
    expect(result.counts.emailed).toBe(body.counts.members - 1);

    const recorded = await t.app.db.select().from(sessionHandOvers);
    expect(recorded).toHaveLength(1);
    const audit = await t.app.db.select().from(auditLog).where(sql`${auditLog.route} = '/api/admin/hand-over' and ${auditLog.outcome} = 'ok'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain('started the next session');
    expect(audit[0]!.details).toMatchObject({ to_year: '2027-2028', excluded: 1 });

    // A second start of the same session is refused and changes nothing.
    const afterFirst = await snapshot();
    const again = await apply({ to_year: '2027-2028' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('HAND_OVER_ALREADY_DONE');
    expect(await snapshot()).toEqual(afterFirst);
  });

  it('is one transaction: a failure half-way leaves every level, role and session as it was', async () => {
    // A member left out who does not exist is fine; an e-mail that cannot be queued is a failure
    // after the levels moved: a check constraint on the outbox makes the queueing fail.
    await t.app.db.execute(sql`alter table mail_outbox add constraint test_no_mail check (subject not like '%2028-2029%') not valid`);
    try {
      const before = {
        sessions: await t.app.db.select().from(academicSessions).orderBy(academicSessions.year),
        people: await t.app.db.select({ id: users.id, level: users.current_level }).from(users).orderBy(users.id),
      };
      await t.app.db.update(memberRoles).set({ is_current: true }).where(sql`${memberRoles.user_id} = ${dataAdmin.user.id}`);
      const roles = await t.app.db.select().from(memberRoles).orderBy(memberRoles.id);
      const res = await apply({ to_year: '2028-2029' });
      expect(res.statusCode).toBe(500);
      expect(await t.app.db.select().from(academicSessions).orderBy(academicSessions.year)).toEqual(before.sessions);
      expect(await t.app.db.select({ id: users.id, level: users.current_level }).from(users).orderBy(users.id)).toEqual(before.people);
      expect(await t.app.db.select().from(memberRoles).orderBy(memberRoles.id)).toEqual(roles);
      expect(await t.app.db.select().from(sessionHandOvers)).toHaveLength(1);
    } finally {
      await t.app.db.execute(sql`alter table mail_outbox drop constraint test_no_mail`);
    }
  });
});
