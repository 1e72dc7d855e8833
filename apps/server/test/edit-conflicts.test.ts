import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERSION_MSG } from '@aesa/shared/edit-version';
import { auditLog } from '../src/db/schema.ts';
import { useTestApp } from './support/use-test-app.ts';
import { signedInAdmin } from './support/factories.ts';

// Optimistic concurrency on every record an admin edits (decision 054) and the audit log's
// before and after (decision 055). One table: each versioned entity says how to make one, read
// it, change it (a field and two values) and, when it can be, delete it; the same checks run
// over every row.

const t = useTestApp();
type Headers = Record<string, string>;
type Res = Awaited<ReturnType<typeof t.app.inject>>;

interface Entity {
  name: string;
  /** The audit target type and the route pattern of its change. */
  target: string;
  route: string;
  headers: () => Headers;
  /** Makes a fresh record; answers its id and the record as a read gives it (with version). */
  make: () => Promise<{ id: string; record: Record<string, unknown> }>;
  /** The single-record read (with the ETag), when the entity has one. */
  read?: (id: string) => Promise<Res>;
  /** The change: method, url and the body setting `field` to a value. */
  change: (id: string, value: string) => { method: 'PATCH' | 'PUT'; url: string; payload: Record<string, unknown> };
  field: string;
  values: [string, string];
  /** The record in the change's answer. */
  answered: (res: Res) => Record<string, unknown>;
  remove?: (id: string) => { method: 'DELETE'; url: string };
}

let eventH: Headers;
beforeAll(async () => {
  t.clock.set(new Date('2026-02-01T12:00:00Z'));
  eventH = (await signedInAdmin(t.app, ['is_event_admin'], { name: 'Ada Events' })).headers;
});

const ENTITIES: Entity[] = [
  {
    name: 'event',
    target: 'event',
    route: 'PATCH /api/admin/events/:id',
    headers: () => eventH,
    make: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: eventH,
        payload: { title: `Talk ${Math.random()}`, description: 'A talk.', event_date: '2026-05-01T10:00:00Z', location: 'Hall A' },
      });
      expect(res.statusCode).toBe(201);
      return { id: res.json().event.id, record: res.json().event };
    },
    read: (id) => t.app.inject({ method: 'GET', url: `/api/admin/events/${id}`, headers: eventH }),
    change: (id, value) => ({ method: 'PATCH', url: `/api/admin/events/${id}`, payload: { location: value } }),
    field: 'location',
    values: ['Hangar 2', 'Lab 3'],
    answered: (res) => res.json().event,
    remove: (id) => ({ method: 'DELETE', url: `/api/admin/events/${id}` }),
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
    expect(record.version).toBe(1);
    if (e.read) {
      const res = await e.read(id);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
    }
    const changed = await send(e, e.change(id, e.values[0]), { 'if-match': '"1"' });
    expect(changed.statusCode).toBe(200);
    expect(e.answered(changed).version).toBe(2);
    expect(changed.headers.etag).toBe('"2"');
    if (e.read) expect((await e.read(id)).headers.etag).toBe('"2"');
  });

  it('a change or delete without a version is refused (428 VERSION_REQUIRED) and changes nothing', async () => {
    const { id, record } = await e.make();
    const res = await send(e, e.change(id, e.values[0]));
    expect(res.statusCode).toBe(428);
    expect(res.json()).toEqual({ success: false, error: VERSION_MSG.required, code: 'VERSION_REQUIRED' });
    if (e.remove) expect((await send(e, e.remove(id))).statusCode).toBe(428);
    if (e.read) expect((await e.read(id)).json()).toMatchObject({ [e.target]: { [e.field]: record[e.field], version: 1 } });
    // A malformed version is refused as such, and a header and a body that disagree too.
    expect((await send(e, e.change(id, e.values[0]), { 'if-match': '*' })).json().code).toBe('VERSION_INVALID');
    const req = e.change(id, e.values[0]);
    expect((await send(e, { ...req, payload: { ...req.payload, version: 2 } }, { 'if-match': '"1"' })).json().code).toBe('VERSION_INVALID');
  });

  it('a stale version gets 409 EDIT_CONFLICT with the current record and who changed it last', async () => {
    const { id } = await e.make();
    const first = await send(e, e.change(id, e.values[0]), { 'if-match': '"1"' });
    expect(first.statusCode).toBe(200);
    // The version in the body works as the header does.
    const req = e.change(id, e.values[1]);
    const stale = await send(e, { ...req, payload: { ...req.payload, version: 1 } });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({ success: false, code: 'EDIT_CONFLICT', error: VERSION_MSG.conflict, current: { id, [e.field]: e.values[0], version: 2 } });
    expect(body.last_change).toMatchObject({ by: { name: expect.any(String) } });
    expect(new Date(body.last_change.at).getTime()).not.toBeNaN();
    // The current record leaves through the route's own answer schema: no more fields than a change's answer.
    expect(Object.keys(body.current).sort()).toEqual(Object.keys(e.answered(first)).sort());
    if (e.remove) {
      const staleDelete = await send(e, e.remove(id), { 'if-match': '"1"' });
      expect(staleDelete.statusCode).toBe(409);
      expect(staleDelete.json().current).toMatchObject({ id, version: 2 });
      expect((await send(e, e.remove(id), { 'if-match': '"2"' })).statusCode).toBe(200);
    }
  });

  it('parallel edits from one version: exactly one succeeds, the others get 409', async () => {
    const { id } = await e.make();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => send(e, e.change(id, `${e.values[i % 2]} ${i}`), { 'if-match': '"1"' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = e.answered(results.find((r) => r.statusCode === 200)!);
    for (const lost of results.filter((r) => r.statusCode === 409)) expect(lost.json().current).toMatchObject({ [e.field]: winner[e.field], version: 2 });
  });

  it('the audit entry keeps each changed field before and after', async () => {
    const { id, record } = await e.make();
    expect((await send(e, e.change(id, e.values[0]), { 'if-match': '"1"' })).statusCode).toBe(200);
    const entry = await newestEntry(id);
    expect(entry).toMatchObject({ outcome: 'ok', target_type: e.target });
    expect(entry.changes).toEqual([{ field: e.field, value: e.values[0], before: record[e.field] }]);
  });
});
