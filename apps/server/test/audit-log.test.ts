import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { auditLog, events, users } from '../src/db/schema.ts';
import { currentVersion } from './support/current-version.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, PASSWORD, signedInAdmin, signedInMember } from './support/factories.ts';
import { multipart } from './support/multipart.ts';
import { refusal } from './support/refusal.ts';
import { ADMIN_MSG } from '@aesa/shared/admin';

const t = useTestApp();
let superA: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  superA = await signedInAdmin(t.app, ['is_super_admin'], { name: 'Obinna Audit' });
});

// The audit entry is written before the answer leaves (in the change's own transaction, or
// before a refusal is sent): it is read at once, never waited for.
const auditCount = async () => ((await t.app.db.select({ n: count() }).from(auditLog)) as [{ n: number }])[0].n;
const maxId = async () => (await t.app.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
/** The entries written after `mark`, oldest first. */
const entriesAfter = (mark: number) => t.app.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(asc(auditLog.id));
/** Runs a call and answers the one audit entry it wrote, present as soon as the answer arrived. */
async function audited(call: () => Promise<unknown>) {
  const mark = await maxId();
  await call();
  const rows = await entriesAfter(mark);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}
const readLog = (query = '', headers: Record<string, string> = superA.headers) => t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });

describe('audit trail', () => {
  it('records an admin write with who, what, target and body, and an admin read not at all', async () => {
    const ev = await signedInAdmin(t.app, ['is_event_admin']);
    const before = await auditCount();
    await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: ev.headers });
    expect(await auditCount()).toBe(before);

    const body = { title: 'Satellite Talk', description: 'CubeSat design talk.', event_date: '2026-09-01T15:00:00Z', location: 'LT 1' };
    let created!: Awaited<ReturnType<typeof t.app.inject>>;
    const entry = await audited(async () => (created = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: ev.headers, payload: body })));
    expect(created.statusCode).toBe(201);
    expect(entry).toMatchObject({ actor_id: ev.user.id, action: 'POST /api/admin/events', method: 'POST', route: '/api/admin/events', outcome: 'ok', status_code: 201, details: body });

    const id = created.json().event.id;
    expect(await audited(() => t.app.inject({ method: 'DELETE', url: `/api/admin/events/${id}`, headers: { ...ev.headers, 'if-match': created.headers.etag as string } }))).toMatchObject({ action: 'DELETE /api/admin/events/:id', target_id: id, outcome: 'ok' });

    expect(await audited(() => t.app.inject({ method: 'POST', url: '/api/admin/events', headers: ev.headers, payload: { title: '' } }))).toMatchObject({ outcome: 'failed', status_code: 400 });
  });

  it('records a denied admin call (without its body), including the checks made in handlers', async () => {
    const m = await signedInMember(t.app);
    expect(await audited(() => t.app.inject({ method: 'POST', url: '/api/admin/roles', headers: m.headers, payload: { role_name: 'Sneaky', is_super_admin: true } }))).toMatchObject({ actor_id: m.user.id, action: 'POST /api/admin/roles', outcome: 'denied', status_code: 403, details: null });

    expect(await audited(() => t.app.inject({ method: 'GET', url: '/api/admin/picker/users?search=a', headers: m.headers }))).toMatchObject({ actor_id: m.user.id, action: 'GET /api/admin/picker/users', outcome: 'denied', status_code: 403 });

    const ev = await signedInAdmin(t.app, ['is_event_admin']);
    const img = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    const form = multipart([{ name: 'type', data: 'candidate' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: img }]);
    const denied = await audited(() => t.app.inject({ method: 'POST', url: '/api/admin/uploads/image', headers: { ...ev.headers, ...form.headers }, payload: form.payload }));
    expect(denied).toMatchObject({ actor_id: ev.user.id, action: 'POST /api/admin/uploads/image', outcome: 'denied', status_code: 403 });
    const form2 = multipart([{ name: 'type', data: 'event' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: img }]);
    expect(await audited(() => t.app.inject({ method: 'POST', url: '/api/admin/uploads/image', headers: { ...ev.headers, ...form2.headers }, payload: form2.payload }))).toMatchObject({ actor_id: ev.user.id, action: 'POST /api/admin/uploads/image', outcome: 'ok', status_code: 200 });
  });

  it('never stores a secret from a body', async () => {
    const entry = await audited(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/roles',
        headers: superA.headers,
        payload: { role_name: `Keyholders ${randomUUID()}`, password: 'hunter2-secret', nested: { api_token: 'tok-123-secret', client_secret: 's3cret' } },
      }),
    );
    expect(entry.status_code).toBe(201);
    expect(entry.details).toMatchObject({ password: '[redacted]', nested: { api_token: '[redacted]', client_secret: '[redacted]' } });
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|tok-123|s3cret/);
  });

  it('a NUL character in an id or a body neither breaks the denial nor the audit row', async () => {
    const m = await signedInMember(t.app);
    const denied = await audited(() => t.app.inject({ method: 'PATCH', url: '/api/admin/executives/%00', headers: m.headers, payload: { year: '2026-2027' } }));
    expect(denied).toMatchObject({ outcome: 'denied', status_code: 403, target_id: null });
    const failed = await audited(() =>
      t.app.inject({ method: 'POST', url: '/api/admin/roles', headers: superA.headers, payload: { role_name: 'Bad\u0000Name', description: 'x\\u0000y' } }),
    );
    expect(failed).toMatchObject({ outcome: 'failed', status_code: 400, details: { role_name: 'BadName', description: 'x\\u0000y' } });
  });

  it('member routes are not audited: a password change, an article submission, a profile edit or a vote leave no row', async () => {
    const m = await signedInMember(t.app);
    const before = await auditCount();
    const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/update', headers: m.headers, payload: { current_password: PASSWORD, new_password: 'another-pass-9' } });
    expect(changed.statusCode).toBe(200);
    const m2 = await signedInMember(t.app);
    const form = multipart([{ name: 'title', data: 'T' }, { name: 'abstract', data: 'A' }]);
    await t.app.inject({ method: 'POST', url: '/api/articles/submissions', headers: { ...m2.headers, ...form.headers }, payload: form.payload });
    const routes = new Set(t.app.routesList.map((r) => `${r.method} ${r.url}`));
    // Routes of other branches: exercised once merged. The vote casts nothing (no such election).
    if (routes.has('PATCH /api/profile/me')) {
      const edited = await t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: m2.headers, payload: { bio: 'Loves gliders.' } });
      expect(edited.statusCode).toBe(200);
    }
    if (routes.has('POST /api/voting/elections/:id/vote')) {
      const vote = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${randomUUID()}/vote`, headers: m2.headers, payload: { candidate_id: randomUUID(), position: 'President' } });
      expect(vote.statusCode).toBeGreaterThanOrEqual(400); // no such election: nothing is cast
    }
    expect(await auditCount()).toBe(before);
  });
});

describe('audit entry in the change\'s transaction', () => {
  it('is there when the answer arrives; a change that fails leaves no entry of it, and an entry that cannot be written undoes the change', async () => {
    const ev = await signedInAdmin(t.app, ['is_event_admin']);
    // Present at once: no wait between the answer and the read.
    const mark = await maxId();
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: ev.headers, payload: { title: 'Wind Tunnel Day', description: 'Open lab.', event_date: '2026-10-01T10:00:00Z', location: 'Lab 2' } });
    expect(created.statusCode).toBe(201);
    expect(await entriesAfter(mark)).toMatchObject([{ outcome: 'ok', status_code: 201, target_id: created.json().event.id }]);

    // The change fails in its handler (no such event): no 'ok' entry, the refused attempt only.
    const gone = randomUUID();
    const failed = await audited(() => t.app.inject({ method: 'DELETE', url: `/api/admin/events/${gone}`, headers: ev.headers }));
    expect(failed).toMatchObject({ outcome: 'failed', status_code: 404, target_id: gone });

    // The entry cannot be written (a trigger refuses it): the change is rolled back with it.
    await t.app.db.execute(sql.raw(`
      create function refuse_event_audit() returns trigger language plpgsql as $$
      begin
        if new.route = '/api/admin/events' and new.outcome = 'ok' then raise exception 'audit refused'; end if;
        return new;
      end $$;
      create trigger refuse_event_audit before insert on audit_log for each row execute function refuse_event_audit();`));
    try {
      const before = await maxId();
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: ev.headers, payload: { title: 'Never Held', description: 'x', event_date: '2026-10-02T10:00:00Z', location: 'Nowhere' } });
      expect(res.statusCode).toBe(500);
      expect(await t.app.db.select().from(events).where(eq(events.title, 'Never Held'))).toEqual([]);
      expect(await entriesAfter(before)).toMatchObject([{ outcome: 'failed', status_code: 500 }]);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_event_audit on audit_log; drop function refuse_event_audit();'));
    }
  });
});

describe('readable entries', () => {
  /** The newest listed entry of this actor. */
  const newest = async (actorId: string) => (await readLog(`?actor=${actorId}&limit=1`)).json().entries[0];

  it('say who did what to which named thing, with the fields set, and keep the names after a rename or removal', async () => {
    const el = await signedInAdmin(t.app, ['is_electoral_admin'], { name: 'Kemi Electoral' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/elections',
      headers: el.headers,
      // Voting has not opened yet: candidates are added and removed, and the election deleted, before it does.
      payload: { title: 'Spring Vote', description: 'Officers for next year.', start_time: '2036-03-01T08:00:00Z', end_time: '2036-03-02T18:00:00Z' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const electionId = created.json().election.id;
    expect(await newest(el.user.id)).toMatchObject({
      actor: { id: el.user.id, name: 'Kemi Electoral' },
      summary: 'created election',
      target: { type: 'election', id: electionId, name: 'Spring Vote' },
      changes: expect.arrayContaining([{ field: 'title', value: 'Spring Vote' }, { field: 'start_time', value: '2036-03-01T08:00:00Z' }]),
      outcome: 'ok',
    });

    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/elections/${electionId}`, headers: { ...el.headers, 'if-match': `"${created.json().election.version}"` }, payload: { title: '  Spring Election  ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The value as the route understood it (trimmed), under its new name.
    expect(await newest(el.user.id)).toMatchObject({ summary: 'updated election', target: { type: 'election', name: 'Spring Election' }, changes: [{ field: 'title', value: 'Spring Election' }] });

    const member = await createMember(t.app, { name: 'Tobi Candidate' });
    const added = await t.app.inject({ method: 'POST', url: `/api/elections/${electionId}/candidates`, headers: el.headers, payload: { user_id: member.id, position: 'President' } });
    expect(added.statusCode, added.body).toBe(201);
    const candidateId = added.json().candidate.id;
    // The member the body names by id is written by name: the log reads "user: Tobi Candidate".
    expect(await newest(el.user.id)).toMatchObject({
      summary: 'added candidate',
      target: { type: 'candidate', id: candidateId, name: 'Tobi Candidate, President' },
      changes: expect.arrayContaining([{ field: 'user_id', value: 'Tobi Candidate' }]),
    });

    const removeCandidate = `/api/elections/${electionId}/candidates/${candidateId}`;
    expect((await t.app.inject({ method: 'DELETE', url: removeCandidate, headers: { ...el.headers, ...(await currentVersion(t.app, removeCandidate)) } })).statusCode).toBe(200);
    expect(await newest(el.user.id)).toMatchObject({ summary: 'removed candidate', target: { type: 'candidate', id: candidateId, name: 'Tobi Candidate, President' }, changes: [] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/elections/${electionId}`, headers: { ...el.headers, 'if-match': renamed.headers.etag as string } })).statusCode).toBe(200);
    expect(await newest(el.user.id)).toMatchObject({ summary: 'deleted election', target: { type: 'election', name: 'Spring Election' } });

    // Names are kept as they were when written: the actor's later rename changes no entry.
    await t.app.db.update(users).set({ name: 'Kemi Renamed' }).where(eq(users.id, el.user.id));
    const all = (await readLog(`?actor=${el.user.id}`)).json();
    expect(all.total).toBe(5);
    for (const e of all.entries) expect(e.actor.name).toBe('Kemi Electoral');
    // The action filter finds entries by their words and their target's name too.
    expect((await readLog(`?actor=${el.user.id}&action=removed`)).json().entries.map((e: { summary: string }) => e.summary)).toEqual(['removed candidate']);
    expect((await readLog(`?actor=${el.user.id}&action=spring%20vote`)).json().total).toBe(1);

    // A refused call is told in words too.
    const ev = await signedInAdmin(t.app, ['is_event_admin']);
    await t.app.inject({ method: 'PATCH', url: `/api/elections/${electionId}`, headers: ev.headers, payload: { title: 'Mine now' } });
    expect(await newest(ev.user.id)).toMatchObject({ summary: 'tried to update election', outcome: 'denied', changes: [] });
  });

  it('never list a secret among the changed fields', async () => {
    const role = `Vault ${randomUUID().slice(0, 8)}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/roles', headers: superA.headers, payload: { role_name: role, password: 'hunter2-secret', api_token: 'tok-123-secret' } });
    expect(res.statusCode).toBe(201);
    const entry = await newest(superA.user.id);
    expect(entry).toMatchObject({ summary: 'created role', target: { type: 'role', name: role }, changes: [{ field: 'role_name', value: role }] });
    expect(JSON.stringify(entry.changes)).not.toMatch(/password|token|hunter2|tok-123/);
  });

  it('entries written before names were kept still read in words', async () => {
    const old = await signedInAdmin(t.app, ['is_event_admin'], { name: 'Ada Before' });
    const targetId = randomUUID();
    await t.app.db.insert(auditLog).values({
      actor_id: old.user.id,
      action: 'PATCH /api/admin/events/:id',
      method: 'PATCH',
      route: '/api/admin/events/:id',
      target_id: targetId,
      outcome: 'ok',
      status_code: 200,
      details: { title: 'Renamed Talk', secret_code: '[redacted]' },
      ip: '127.0.0.1',
    });
    await t.app.db.insert(auditLog).values({ actor_id: old.user.id, action: 'POST /api/retired/route', method: 'POST', route: '/api/retired/route', outcome: 'ok', status_code: 200 });
    const [unknown, known] = (await readLog(`?actor=${old.user.id}`)).json().entries;
    expect(known).toMatchObject({
      actor: { name: 'Ada Before' },
      summary: 'updated event',
      target: { type: 'event', id: targetId, name: null },
      changes: [{ field: 'title', value: 'Renamed Talk' }],
    });
    expect(unknown).toMatchObject({ summary: 'POST /api/retired/route', target: null, changes: [] });
  });

  it('every audited route is described in words', async () => {
    const { AUDIT_ACTIONS } = await import('../src/modules/audit/audit-actions.ts');
    const audited = t.app.routesList.filter((r) => r.method !== 'GET' && ((r.access && typeof r.access === 'object') || AUDIT_ACTIONS[`${r.method} ${r.url}`]));
    const missing = audited.filter((r) => !AUDIT_ACTIONS[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // And the table names no route that does not exist.
    const routes = new Set(t.app.routesList.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(AUDIT_ACTIONS).filter((k) => !routes.has(k))).toEqual([]);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists entries newest first with the actor, filters them, and pages', async () => {
    const ev = await signedInAdmin(t.app, ['is_event_admin'], { name: 'Zainab Filter' });
    const from = new Date(Date.now() - 1000).toISOString();
    await t.app.inject({ method: 'POST', url: '/api/admin/events', headers: ev.headers, payload: { title: 'x' } });
    await t.app.inject({ method: 'GET', url: '/api/admin/roles', headers: ev.headers });

    const res = await readLog(`?actor=${ev.user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.entries.map((e: { action: string; outcome: string }) => `${e.outcome} ${e.action}`)).toEqual(['denied GET /api/admin/roles', 'failed POST /api/admin/events']);
    expect(Object.keys(body.entries[0]).sort()).toEqual(['action', 'actor', 'changes', 'created_at', 'details', 'id', 'ip', 'method', 'outcome', 'route', 'status_code', 'summary', 'target', 'target_id']);
    expect(body.entries[0].actor).toEqual({ id: ev.user.id, name: 'Zainab Filter' });

    expect((await readLog('?actor=zainab')).json().total).toBe(2);
    expect((await readLog(`?actor=${ev.user.id}&outcome=denied`)).json().entries).toHaveLength(1);
    expect((await readLog(`?actor=${ev.user.id}&action=events`)).json().entries.map((e: { route: string }) => e.route)).toEqual(['/api/admin/events']);
    expect((await readLog(`?actor=${ev.user.id}&from=${encodeURIComponent(from)}`)).json().total).toBe(2);
    expect((await readLog(`?actor=${ev.user.id}&to=${encodeURIComponent(from)}`)).json().total).toBe(0);
    const page = (await readLog(`?actor=${ev.user.id}&limit=1&offset=1`)).json();
    expect(page.entries).toHaveLength(1);
    expect(page.total).toBe(2);
    expect(page.entries[0].action).toBe('POST /api/admin/events');
    expect((await readLog('?outcome=maybe')).statusCode).toBe(400);
    // A range that ends before it starts is refused with its message, not answered empty.
    const reversed = await readLog(`?from=${encodeURIComponent('2026-03-02T00:00:00Z')}&to=${encodeURIComponent('2026-03-01T00:00:00Z')}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual(refusal(ADMIN_MSG.auditRangeReversed));
  });

  it('is for super admins only', async () => {
    const data = await signedInAdmin(t.app, ['is_data_admin']);
    expect((await readLog('', data.headers)).statusCode).toBe(403);
    expect((await readLog('', {})).statusCode).toBe(401);
  });
});
