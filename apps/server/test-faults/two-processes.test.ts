import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITIONS } from '@aesa/shared/constants';
import { connect } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { queueMail } from '../src/modules/mail/mail.service.ts';
import { startSmtpSink, type SmtpSink } from '../test/support/smtp-sink.ts';
import { spawnServer, type SpawnedServer } from './support/spawned-server.ts';

// Two app machines on one external PostgreSQL (docs/DEPLOYMENT.md): two separate app processes,
// started as `npm run serve` starts the app (spawnServer, the one helper that knows the command;
// not workers of one process), on different ports, on
// one fresh database of the PostgreSQL server at 127.0.0.1:5432. Whatever one of them does, the
// other must see: sessions, votes (live, over its socket), cache drops, and the mail queue, whose
// every message must leave exactly once.

const ADMIN_URL = process.env.TWO_PROCESS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'two-machines-one-database';

async function reachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const available = await reachable();
if (!available) console.warn(`two-processes.test.ts SKIPPED: no PostgreSQL answers at ${ADMIN_URL} (the test needs an external PostgreSQL server there; CI has one)`);

const dbName = `aesa_two_${process.pid}_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let a: SpawnedServer;
let b: SpawnedServer;
let smtp: SmtpSink;
let pool: pg.Pool;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

interface Seeded {
  voter: { id: string; matric: string };
  watcher: { id: string; matric: string };
  electionId: string;
  candidateId: string;
  position: string;
}
let seeded: Seeded;

/** A member with the password, a verified e-mail and a verified current member role (may vote, is in the directory). */
async function member(name: string, matric: string, passwordHash: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (name, email, matric_number, password_hash, current_level, enrollment_year, user_type, email_verified_at)
     values ($1, $2, $3, $4, '300 Level', 2022, 'member', now()) returning id`,
    [name, `${matric.toLowerCase()}@two.aesa.test`, matric, passwordHash],
  );
  await pool.query(`insert into member_roles (user_id, role_name, role_type, associated_year_range, is_current, verified_by_admin) values ($1, 'Members', 'member', '2024/2025', true, true)`, [rows[0]!.id]);
  return rows[0]!.id;
}

async function seed(): Promise<Seeded> {
  const hash = await hashPassword(PASSWORD);
  const voter = { id: await member('Tolu Adeyemi', 'TWO001', hash), matric: 'TWO001' };
  // The watcher is a super admin: an electoral admin's socket gets every vote's tallies at once.
  const watcher = { id: await member('Ngozi Bello', 'TWO002', hash), matric: 'TWO002' };
  const role = await pool.query<{ id: string }>(
    `insert into admin_roles (role_name, description, is_super_admin, is_editorial_admin, is_data_admin, is_electoral_admin, is_event_admin, is_email_admin)
     values ('Two Machines Super Admin', 'test', true, true, true, true, true, true) returning id`,
  );
  await pool.query('insert into admin_users (user_id, admin_role_id) values ($1, $2)', [watcher.id, role.rows[0]!.id]);
  const candidate = await member('Emeka Obi', 'TWO003', hash);
  const { rows: [election] } = await pool.query<{ id: string }>(
    `insert into elections (title, description, start_time, end_time, is_active, is_publicly_visible, results_published)
     values ('Two Machines Election', 'test', now() - interval '1 hour', now() + interval '1 day', true, true, false) returning id`,
  );
  const position = POSITIONS[0];
  const { rows: [c] } = await pool.query<{ id: string }>(`insert into candidates (election_id, user_id, position, manifesto) values ($1, $2, $3, 'More lab hours.') returning id`, [election!.id, candidate, position]);
  return { voter, watcher, electionId: election!.id, candidateId: c!.id, position };
}

const origin = (s: SpawnedServer) => `http://127.0.0.1:${s.port}`;

async function api(s: SpawnedServer, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${origin(s)}/api${path}`, {
    method,
    headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function signIn(s: SpawnedServer, matric: string): Promise<string> {
  const r = await api(s, 'POST', '/auth/token', { body: { matric_number: matric, password: PASSWORD } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

describe.skipIf(!available)('two app processes on one external PostgreSQL', () => {
  beforeAll(async () => {
    await admin((c) => c.query(`create database ${dbName}`));
    cleanups.push(() => admin((c) => c.query(`drop database if exists ${dbName} with (force)`)));
    smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const env = {
      DATABASE_URL: dbUrl,
      DATA_DIR: undefined,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
      MAIL_PER_MINUTE: '6000',
      // Each machine runs one process here: the two processes are the two machines.
      WORKERS: '1',
      TRUST_PROXY: undefined,
    };
    // Both machines start at once on the fresh database, as after an upgrade of both.
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    cleanups.push(() => a.stop(), () => b.stop());
    pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
    cleanups.push(() => pool.end());
    seeded = await seed();
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('a session made on one works on the other, and a sign-out on the other ends it on the first', async () => {
    const token = await signIn(a, seeded.voter.matric);
    const me = await api(b, 'GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect((me.body.user as { id: string }).id).toBe(seeded.voter.id);
    expect((await api(b, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await api(a, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  it('a vote cast on one shows live on the other: its socket gets the new tally', async () => {
    const watcherToken = await signIn(b, seeded.watcher.matric);
    const voterToken = await signIn(b, seeded.voter.matric);
    const socket = new WebSocket(`ws://127.0.0.1:${a.port}/ws`, { origin: origin(a) });
    cleanups.push(() => socket.terminate());
    const messages: { event: string; results?: { position: string; candidates: { candidate_id: string; votes: number }[] }[] }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ event: 'join-election-room', electionId: seeded.electionId, token: watcherToken }));
    await expect.poll(() => messages.some((m) => m.event === 'joined'), { timeout: 10_000 }).toBe(true);

    const vote = await api(b, 'POST', `/voting/elections/${seeded.electionId}/vote`, { token: voterToken, body: { candidate_id: seeded.candidateId, position: seeded.position } });
    expect(vote.status, JSON.stringify(vote.body)).toBeLessThan(300);
    const countOnA = () => {
      const updates = messages.filter((x) => x.event === 'vote-update');
      return updates.at(-1)?.results?.flatMap((r) => r.candidates).find((x) => x.candidate_id === seeded.candidateId)?.votes ?? 0;
    };
    await expect.poll(countOnA, { timeout: 10_000 }).toBe(1);
    // The results read on the first process (its own cache) has it too.
    const results = await api(a, 'GET', `/voting/elections/${seeded.electionId}/results`, { token: watcherToken });
    expect(results.status).toBe(200);
    expect(JSON.stringify(results.body)).toContain(seeded.candidateId);
    expect((results.body.results as { candidates: { candidate_id: string; votes: number }[] }[]).flatMap((r) => r.candidates).find((c) => c.candidate_id === seeded.candidateId)?.votes).toBe(1);
  });

  it("a profile change on one drops the other's directory cache: the next directory read there shows it", async () => {
    const search = (s: SpawnedServer, q: string) => api(s, 'GET', `/members?search=${encodeURIComponent(q)}`);
    const names = (r: Awaited<ReturnType<typeof search>>) => (r.body.data as { name: string }[]).map((m) => m.name);
    // Both processes have the page cached before the change.
    for (const s of [a, b]) {
      const r = await search(s, 'Adeyemi');
      expect(r.status).toBe(200);
      expect(names(r)).toContain('Tolu Adeyemi');
    }
    expect(names(await search(a, 'Adeyemi'))).toContain('Tolu Adeyemi');
    const token = await signIn(b, seeded.voter.matric);
    const changed = await api(b, 'PATCH', '/profile/me', { token, body: { name: 'Tolu Adeyemi-Okafor' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await expect.poll(async () => names(await search(a, 'Adeyemi')), { timeout: 5000 }).toContain('Tolu Adeyemi-Okafor');
    expect(names(await search(a, 'Adeyemi'))).not.toContain('Tolu Adeyemi');
  });

  it('mail queued while both run is sent exactly once', async () => {
    const db = connect(dbUrl, 'postgres', 1);
    cleanups.push(() => db.close());
    const to = Array.from({ length: 30 }, (_, i) => `reader${i}@two.aesa.test`);
    // In three batches, a little apart, so both processes' workers poll while there is mail.
    for (let k = 0; k < 3; k++) {
      await queueMail(db.db, to.slice(k * 10, k * 10 + 10).map((address) => ({ to: address, subject: `Two machines ${address}`, text: 'Hello' })), { smtp: true });
      await new Promise((r) => setTimeout(r, 400));
    }
    for (const address of to) await smtp.waitFor(address, 30_000);
    // Time for a second delivery of any of them to arrive, had one been claimed twice.
    await new Promise((r) => setTimeout(r, 3000));
    const delivered = smtp.received.filter((m) => m.subject.startsWith('Two machines'));
    const perAddress = new Map<string, number>();
    for (const m of delivered) for (const address of m.to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(perAddress.size).toBe(30);
    const { rows } = await pool.query<{ status: string; n: number }>(`select status, count(*)::int as n from mail_outbox where to_address like 'reader%' group by status`);
    expect(rows).toEqual([{ status: 'sent', n: 30 }]);
  });
});
