import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newToken } from '../src/lib/tokens.ts';
import { freshDataDir, spawnServer, type SpawnedServer } from './support/spawned-server.ts';
import { removeDataDir, withPool } from './support/votes.ts';

// Two treasurers (or one double-clicking on a bad network) approve the same proof of payment at
// once, against the real server as it runs in production: compiled, two processes (one per core),
// on its embedded PostgreSQL. Each approval takes the next receipt number of the session; a
// payment approved twice would count twice and burn a number. Exactly one approval wins: one
// approved payment with one receipt number, one e-mail to the member, one audit entry; the others
// are told the record changed (409 EDIT_CONFLICT, with the approved payment).

const APPROVALS = 20;

const dirs: string[] = [];
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const d of dirs) removeDataDir(d);
});

/** The server processes the primary forked (its node children running the server; PostgreSQL is a child too). */
function serverProcesses(primary: number): number[] {
  const children = execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js');
    } catch {
      return false;
    }
  });
}

/** A current session, a verified member with a pending proof of payment, and a signed-in finance officer. */
async function prepare(pool: pg.Pool) {
  const { rows: [session] } = await pool.query(
    `insert into academic_sessions (year, starts_on, ends_on, dues_amount, is_current) values ('2026-2027', '2026-09-01', '2027-08-31', 5000, true) returning id`,
  );
  const { rows: [member] } = await pool.query(`insert into users (name, email, matric_number) values ('Ada Payer', 'ada.payer@k.test', 'PAY/1') returning id, email`);
  await pool.query(`insert into member_roles (user_id, role_name, verified_by_admin) values ($1, 'Members', true)`, [member.id]);
  const { rows: [payment] } = await pool.query(
    `insert into payments (user_id, session_id, amount, method, reference, status, recorded_by) values ($1, $2, 5000, 'transfer', 'TRF-1', 'pending', $1) returning id, version`,
    [member.id, session.id],
  );
  const { rows: [officer] } = await pool.query(`insert into users (name, email, matric_number) values ('Tola Treasurer', 'tola@k.test', 'PAYADMIN') returning id`);
  const { rows: [role] } = await pool.query(`insert into admin_roles (role_name, is_finance_admin) values ('Treasurer', true) returning id`);
  await pool.query(`insert into admin_users (user_id, admin_role_id) values ($1, $2)`, [officer.id, role.id]);
  const token = newToken();
  await pool.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [officer.id, token.hash]);
  return { token: token.token, sessionId: session.id as string, memberEmail: member.email as string, paymentId: payment.id as string, version: payment.version as number };
}

describe('parallel approvals of one payment, two server processes', () => {
  it(`${APPROVALS} parallel approvals give one approved payment, one receipt number, one e-mail and one audit entry; the rest 409`, async () => {
    const dataDir = freshDataDir('aesa-approvals-');
    dirs.push(dataDir);
    const server = await spawnServer({ DATA_DIR: dataDir, HOST: '127.0.0.1', SEED_DEMO: 'false', NODE_ENV: 'test', WORKERS: '2', DATABASE_URL: undefined });
    servers.push(server);
    expect(serverProcesses(server.child.pid!)).toHaveLength(2);
    const setup = await withPool(dataDir, prepare);

    // One connection per approval, so that the two processes share them out between themselves.
    const answers = await Promise.all(
      Array.from({ length: APPROVALS }, async () => {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/admin/payments/${setup.paymentId}/approve`, {
          method: 'POST',
          headers: { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ amount: 5000, method: 'transfer', version: setup.version }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(APPROVALS - 1);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'EDIT_CONFLICT', current: { id: setup.paymentId, status: 'approved', receipt_number: 'AESA-2026-2027-0001' } });
    }

    const state = await withPool(dataDir, async (pool) => {
      const { rows: [s] } = await pool.query(
        `select (select count(*)::int from payments where id = $1::uuid and status = 'approved' and receipt_number = 'AESA-2026-2027-0001' and version = $4 + 1) as approved,
                (select count(*)::int from payments) as payments,
                (select receipts_issued from academic_sessions where id = $2) as receipts_issued,
                (select count(*)::int from mail_outbox where to_address = $3) as mails,
                (select count(*)::int from audit_log where action = 'POST /api/admin/payments/:id/approve' and target_id = $1::text and outcome = 'ok') as audited`,
        [setup.paymentId, setup.sessionId, setup.memberEmail, setup.version],
      );
      return s as Record<string, number>;
    });
    expect(state).toEqual({ approved: 1, payments: 1, receipts_issued: 1, mails: 1, audited: 1 });
  });
});
