import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERSION_MSG } from '@aesa/shared/edit-version';
import { adminRoles, articleSubmissions, auditLog, memberRoles } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { createMember, signedInAdmin } from './support/factories.ts';

// Optimistic concurrency on every record an admin edits (decision 054) and the audit log's
// before and after (decision 055). One table: each versioned entity says how to make one, read
// it, change it (a field and two values) and, when it can be, delete it; the same checks run
// over every row.

const t = useTestApp();
type Headers = Record<string, string>;
type Res = Awaited<ReturnType<typeof t.app.inject>>;

interface Entity {
  name: string;
  /** The audit target type of the record. */
  target: string;
  /** The key of the record in the answers (`{ event: … }`). */
  key: string;
  headers: () => Headers;
  /** Makes a fresh record; answers its id and the record as a read gives it (with version). */
  make: () => Promise<{ id: string; record: Record<string, unknown> }>;
  /** The single-record read (with the ETag), when the entity has one. */
  read?: (id: string) => Promise<Res>;
  /** The change: method, url and the body setting `field` to a value. */
  change: (id: string, value: unknown) => { method: 'PATCH' | 'PUT'; url: string; payload: Record<string, unknown> };
  field: string;
  /** Two values the field can take in turn (neither the one it is made with). */
  values: () => [unknown, unknown];
  /** A value for the i-th of several parallel saves; by default the two values in turn. */
  parallel?: (i: number) => unknown;
  remove?: (id: string) => { method: 'DELETE'; url: string };
  /** How the audit log writes a value of the field, when not as sent (an id is written as the name of what it names). */
  logged?: (value: unknown) => Promise<unknown>;
}

let eventH: Headers;
let superH: Headers;
let dataH: Headers;
let electoralH: Headers;
let editorialH: Headers;
let roleIds: [string, string];
let electionId: string;
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  t.clock.set(new Date('2026-02-01T12:00:00Z'));
  eventH = (await signedInAdmin(t.app, ['is_event_admin'], { name: 'Ada Events' })).headers;
  superH = (await signedInAdmin(t.app, ['is_super_admin'], { name: 'Sam Super' })).headers;
  dataH = (await signedInAdmin(t.app, ['is_data_admin'], { name: 'Dee Data' })).headers;
  electoralH = (await signedInAdmin(t.app, ['is_electoral_admin'], { name: 'Eli Electoral' })).headers;
  editorialH = (await signedInAdmin(t.app, ['is_editorial_admin'], { name: 'Edi Editorial' })).headers;
  const roles = await Promise.all(['Officer A', 'Officer B'].map(async (name) => (await post('/api/admin/roles', superH, { role_name: unique(name), is_event_admin: true }, 'role')).id as string));
  roleIds = [roles[0]!, roles[1]!];
  electionId = (await makeElection()).id as string;
});

async function post(url: string, headers: Headers, payload: object, key: string) {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[key] as Record<string, unknown>;
}
const made = (record: Record<string, unknown>) => ({ id: record.id as string, record });
const makeElection = () =>
  post('/api/elections', electoralH, { title: unique('Election'), description: 'Officers for the session.', start_time: '2026-06-01T08:00:00Z', end_time: '2026-06-02T08:00:00Z' }, 'election');
async function makeSubmission(status: 'pending' | 'accepted') {
  const author = await createMember(t.app);
  const [row] = await t.app.db.insert(articleSubmissions).values({ user_id: author.id, title: unique('Paper'), abstract: 'On wings.', submission_status: status }).returning();
  return row!;
}

const ENTITIES: Entity[] = [
  {
    name: 'event',
    target: 'event',
    key: 'event',
    headers: () => eventH,
    make: async () => made(await post('/api/admin/events', eventH, { title: unique('Talk'), description: 'A talk.', event_date: '2026-05-01T10:00:00Z', location: 'Hall A' }, 'event')),
    read: (id) => t.app.inject({ method: 'GET', url: `/api/admin/events/${id}`, headers: eventH }),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/events/${id}`, payload: { location: value } }),
    field: 'location',
    values: () => ['Hangar 2', 'Lab 3'],
    remove: (id) => ({ method: 'DELETE', url: `/api/admin/events/${id}` }),
  },
  {
    name: 'admin role',
    target: 'role',
    key: 'role',
    headers: () => superH,
    make: async () => made(await post('/api/admin/roles', superH, { role_name: unique('Role'), description: 'First' }, 'role')),
    read: (id) => t.app.inject({ method: 'GET', url: `/api/admin/roles/${id}`, headers: superH }),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/roles/${id}`, payload: { description: value } }),
    field: 'description',
    values: () => ['Keeps the events', 'Keeps the records'],
    remove: (id) => ({ method: 'DELETE', url: `/api/admin/roles/${id}` }),
  },
  {
    name: 'admin user',
    target: 'admin',
    key: 'admin',
    headers: () => superH,
    make: async () => made(await post('/api/admin/users', superH, { user_id: (await createMember(t.app)).id, admin_role_id: (await post('/api/admin/roles', superH, { role_name: unique('Start') }, 'role')).id }, 'admin')),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: { admin_role_id: value } }),
    field: 'admin_role_id',
    values: () => roleIds,
    parallel: (i) => roleIds[i % 2],
    logged: async (id) => (await t.app.db.select({ name: adminRoles.role_name }).from(adminRoles).where(eq(adminRoles.id, id as string)))[0]?.name,
    remove: (id) => ({ method: 'DELETE', url: `/api/admin/users/${id}` }),
  },
  {
    name: 'member role',
    target: 'member role',
    key: 'member_role',
    headers: () => dataH,
    make: async () => {
      const member = await createMember(t.app);
      const [row] = await t.app.db.select().from(memberRoles).where(eq(memberRoles.user_id, member.id));
      return made(row as unknown as Record<string, unknown>);
    },
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/member-roles/${id}`, payload: { is_current: value } }),
    field: 'is_current',
    values: () => [false, true],
    parallel: (i) => i % 2 === 0,
  },
  {
    name: 'member details',
    target: 'member',
    key: 'member',
    headers: () => dataH,
    make: async () => {
      const member = await createMember(t.app, { current_level: '300 Level' });
      return made({ id: member.id, current_level: member.current_level, version: member.version });
    },
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/members/${id}`, payload: { current_level: value } }),
    field: 'current_level',
    values: () => ['400 Level', '500 Level'],
    parallel: (i) => (i % 2 === 0 ? '400 Level' : '500 Level'),
  },
  {
    name: 'executive',
    target: 'executive',
    key: 'executive',
    headers: () => dataH,
    make: async () => made(await post('/api/admin/executives', dataH, { user_id: (await createMember(t.app)).id, position: 'Social Director', year: '2026-2027', is_current: false }, 'executive')),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/executives/${id}`, payload: { year: value } }),
    field: 'year',
    values: () => ['2027-2028', '2028-2029'],
    parallel: (i) => `${2030 + i}-${2031 + i}`,
  },
  {
    name: 'article',
    target: 'article',
    key: 'article',
    headers: () => editorialH,
    make: async () => made(await post('/api/admin/editorial/articles', editorialH, { source_submission_id: (await makeSubmission('accepted')).id }, 'article')),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/editorial/articles/${id}`, payload: { title: value } }),
    field: 'title',
    values: () => ['Wings, revised', 'Wings, final'],
    remove: (id) => ({ method: 'DELETE', url: `/api/admin/editorial/articles/${id}` }),
  },
  {
    name: 'article submission',
    target: 'article submission',
    key: 'submission',
    headers: () => editorialH,
    make: async () => {
      const row = await makeSubmission('pending');
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/editorial/article-submissions/${row.id}`, headers: editorialH });
      return made(res.json().submission);
    },
    read: (id) => t.app.inject({ method: 'GET', url: `/api/admin/editorial/article-submissions/${id}`, headers: editorialH }),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/editorial/article-submissions/${id}/status`, payload: { submission_status: value } }),
    field: 'submission_status',
    values: () => ['accepted', 'rejected'],
    parallel: (i) => (i % 2 === 0 ? 'accepted' : 'needs_revision'),
  },
  {
    name: 'election',
    target: 'election',
    key: 'election',
    headers: () => electoralH,
    make: async () => made(await makeElection()),
    read: (id) => t.app.inject({ method: 'GET', url: `/api/elections/${id}`, headers: electoralH }),
    change: (id, value) => ({ method: 'PATCH', url: `/api/elections/${id}`, payload: { title: value } }),
    field: 'title',
    values: () => [unique('Renamed'), unique('Renamed again')],
    remove: (id) => ({ method: 'DELETE', url: `/api/elections/${id}` }),
  },
  {
    name: 'candidate',
    target: 'candidate',
    key: 'candidate',
    headers: () => electoralH,
    make: async () => made(await post(`/api/elections/${electionId}/candidates`, electoralH, { user_id: (await createMember(t.app)).id, position: 'President', manifesto: 'First' }, 'candidate')),
    change: (id, value) => ({ method: 'PATCH', url: `/api/elections/${electionId}/candidates/${id}`, payload: { manifesto: value } }),
    field: 'manifesto',
    values: () => ['Lower dues', 'More workshops'],
    remove: (id) => ({ method: 'DELETE', url: `/api/elections/${electionId}/candidates/${id}` }),
  },
];

const send = (e: Entity, req: { method: string; url: string; payload?: unknown }, extra: Headers = {}) =>
  t.app.inject({ method: req.method as 'PATCH', url: req.url, headers: { ...e.headers(), ...extra }, ...(req.payload !== undefined ? { payload: req.payload as object } : {}) });

async function newestEntry(targetId: string) {
  const [row] = await t.app.db.select().from(auditLog).where(eq(auditLog.target_id, targetId)).orderBy(desc(auditLog.id)).limit(1);
  return row!;
}

describe.each(ENTITIES)('$name: edits that cannot overwrite each other', (e) => {
  it('reads give the version, and a single read the same version as its ETag', async () => {
    const { id, record } = await e.make();
    const [value] = e.values();
    expect(record.version).toBe(1);
    if (e.read) {
      const res = await e.read(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
    }
    const changed = await send(e, e.change(id, value), { 'if-match': '"1"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[e.key].version).toBe(2);
    expect(changed.headers.etag).toBe('"2"');
    if (e.read) expect((await e.read(id)).headers.etag).toBe('"2"');
  });

  it('a change or delete without a version is refused (428 VERSION_REQUIRED) and changes nothing', async () => {
    const { id, record } = await e.make();
    const [value] = e.values();
    const res = await send(e, e.change(id, value));
    expect(res.statusCode).toBe(428);
    expect(res.json()).toEqual({ success: false, error: VERSION_MSG.required, code: 'VERSION_REQUIRED' });
    if (e.remove) expect((await send(e, e.remove(id))).statusCode).toBe(428);
    if (e.read) expect((await e.read(id)).json()).toMatchObject({ [e.key]: { [e.field]: record[e.field], version: 1 } });
    // A malformed version is refused as such, and a header and a body that disagree too.
    expect((await send(e, e.change(id, value), { 'if-match': '*' })).json().code).toBe('VERSION_INVALID');
    const req = e.change(id, value);
    expect((await send(e, { ...req, payload: { ...req.payload, version: 2 } }, { 'if-match': '"1"' })).json().code).toBe('VERSION_INVALID');
  });

  it('a stale version gets 409 EDIT_CONFLICT with the current record and who changed it last', async () => {
    const { id } = await e.make();
    const [value, other] = e.values();
    const first = await send(e, e.change(id, value), { 'if-match': '"1"' });
    expect(first.statusCode).toBe(200);
    // The version in the body works as the header does.
    const req = e.change(id, other);
    const stale = await send(e, { ...req, payload: { ...req.payload, version: 1 } });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({ success: false, code: 'EDIT_CONFLICT', error: VERSION_MSG.conflict, current: { id, [e.field]: value, version: 2 } });
    expect(body.last_change).toMatchObject({ by: { name: expect.any(String) } });
    expect(new Date(body.last_change.at).getTime()).not.toBeNaN();
    // The current record leaves through the route's own answer schema: no more fields than a change's answer.
    expect(Object.keys(body.current).sort()).toEqual(Object.keys(first.json()[e.key]).sort());
    if (e.remove) {
      const staleDelete = await send(e, e.remove(id), { 'if-match': '"1"' });
      expect(staleDelete.statusCode).toBe(409);
      expect(staleDelete.json().current).toMatchObject({ id, version: 2 });
      expect((await send(e, e.remove(id), { 'if-match': '"2"' })).statusCode).toBe(200);
    }
  });

  it('parallel edits from one version: exactly one succeeds, the others get 409', async () => {
    const { id } = await e.make();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => send(e, e.change(id, e.parallel ? e.parallel(i) : `${String(e.values()[i % 2])} ${i}`), { 'if-match': '"1"' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json()[e.key];
    for (const lost of results.filter((r) => r.statusCode === 409)) expect(lost.json().current).toMatchObject({ [e.field]: winner[e.field], version: 2 });
  });

  it('the audit entry keeps each changed field before and after', async () => {
    const { id, record } = await e.make();
    const [value] = e.values();
    expect((await send(e, e.change(id, value), { 'if-match': '"1"' })).statusCode).toBe(200);
    const entry = await newestEntry(id);
    expect(entry).toMatchObject({ outcome: 'ok', target_type: e.target });
    const logged = e.logged ?? (async (v: unknown) => v);
    expect(entry.changes).toEqual([{ field: e.field, value: await logged(value), before: await logged(record[e.field]) }]);
  });
});
