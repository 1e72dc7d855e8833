import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded.ts';
import { newToken } from '../src/lib/tokens.ts';
import { freshDataDir, spawnServer, type SpawnedServer } from './support/spawned-server.ts';
import { removeDataDir, withPool } from './support/votes.ts';

// The real server (compiled, one process, embedded PostgreSQL in a temp DATA_DIR) killed with
// SIGKILL while it applies a class list: the import is one transaction, so after the restart not
// one of its rows is there (no member verified, no level moved, no student listed, no audit
// entry), and the same file then applies whole.

const MEMBERS = 1_500;
const UNREGISTERED = 500;

const dirs: string[] = [];
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const d of dirs) removeDataDir(d);
});

/** The compiled server, one process, on the embedded PostgreSQL of `dataDir`. */
async function startServer(dataDir: string) {
  const server = await spawnServer({ DATA_DIR: dataDir, HOST: '127.0.0.1', SEED_DEMO: 'false', NODE_ENV: 'test', WORKERS: '1', DATABASE_URL: undefined });
  servers.push(server);
  return server;
}

/** Unverified members at 100 Level, a data admin with a session, and the class list naming them all at 200 Level. */
async function prepare(pool: pg.Pool) {
  const idx = Array.from({ length: MEMBERS }, (_, i) => i);
  const { rows: members } = await pool.query<{ id: string }>(
    `insert into users (name, email, matric_number, current_level) select 'Student ' || i, 's' || i || '@k.test', 'KL/' || i, '100 Level' from unnest($1::int[]) i returning id`,
    [idx],
  );
  await pool.query(`insert into member_roles (user_id, role_name, verified_by_admin) select unnest($1::uuid[]), 'Members', false`, [members.map((m) => m.id)]);
  const { rows: [admin] } = await pool.query(`insert into users (name, email, matric_number) values ('Data Officer', 'data@k.test', 'KADMIN') returning id`);
  const { rows: [role] } = await pool.query(`insert into admin_roles (role_name, is_data_admin) values ('Data', true) returning id`);
  await pool.query(`insert into admin_users (user_id, admin_role_id) values ($1, $2)`, [admin.id, role.id]);
  const token = newToken();
  await pool.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [admin.id, token.hash]);
  const lines = ['Matric No,Full Name,Level'];
  for (let i = 0; i < MEMBERS; i++) lines.push(`KL/${i},Student ${i},200`);
  for (let i = 0; i < UNREGISTERED; i++) lines.push(`KN/${i},Listed ${i},100`);
  return { token: token.token, members: members.map((m) => m.id), csv: `${lines.join('\n')}\n` };
}

function upload(port: number, token: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'class-list.csv');
  return fetch(`http://127.0.0.1:${port}/api/admin/members/import?dry_run=false`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

async function state(pool: pg.Pool) {
  const { rows: [s] } = await pool.query(`
    select (select count(*)::int from member_roles where verified_by_admin) as verified,
           (select count(*)::int from users where current_level = '200 Level') as moved,
           (select count(*)::int from class_list_entries) as listed,
           (select count(*)::int from audit_log where route = '/api/admin/members/import' and outcome = 'ok') as audited`);
  return s as { verified: number; moved: number; listed: number; audited: number };
}

describe('class list import and kill -9', () => {
  it('an apply killed halfway (after its first writes, before the rest) leaves nothing applied; the same file then applies whole', async () => {
    const dataDir = freshDataDir('aesa-import-kill-');
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    const setup = await withPool(dataDir, prepare);

    // Hold one member's row, so the apply stops at its level update: after it verified the
    // members, before the levels and the listed students.
    const url = runningEmbeddedUrl(dataDir)!;
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query(`select 1 from users where id = $1 for no key update`, [setup.members[MEMBERS - 1]]);

    const answer = upload(first.port, setup.token, setup.csv).then(
      (r) => r.status,
      () => 'gone' as const,
    );
    const watcher = new pg.Client({ connectionString: url });
    watcher.on('error', () => {});
    await watcher.connect();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await watcher.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%set current_level%'`);
      if (rows.length) break;
      if (Date.now() > deadline) throw new Error('the apply never reached its level update');
      await new Promise((r) => setTimeout(r, 50));
    }
    // Halfway: the member roles are already updated inside the apply's transaction (not visible here).
    const { rows: [locks] } = await watcher.query(`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where a.query like '%set current_level%' and l.locktype = 'transactionid' and l.granted`);
    expect(locks.n).toBeGreaterThan(0);
    await watcher.end();

    first.child.kill('SIGKILL');
    expect(await answer).toBe('gone');
    await new Promise<void>((resolve) => (first.child.exitCode !== null || first.child.signalCode !== null ? resolve() : first.child.once('exit', () => resolve())));
    await holder.query('rollback').catch(() => {});
    await holder.end().catch(() => {});

    const second = await startServer(dataDir);
    try {
      expect(await withPool(dataDir, state)).toEqual({ verified: 0, moved: 0, listed: 0, audited: 0 });
      const res = await upload(second.port, setup.token, setup.csv);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { counts: Record<string, number> };
      expect(body.counts).toMatchObject({ matched: MEMBERS, to_verify: MEMBERS, level_changes: MEMBERS, pre_verified: UNREGISTERED });
      expect(await withPool(dataDir, state)).toEqual({ verified: MEMBERS, moved: MEMBERS, listed: UNREGISTERED, audited: 1 });
    } finally {
      await second.stop();
    }
  });
});
