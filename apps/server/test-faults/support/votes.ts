import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { POSITIONS } from '@aesa/shared/constants';
import { runningEmbeddedUrl } from '../../src/db/embedded.ts';
import { newToken } from '../../src/lib/tokens.ts';

// A stream of votes against a real server, written straight into its embedded PostgreSQL and cast
// over HTTP, and the checks that nothing acknowledged was lost or doubled.

export async function withPool<T>(dataDir: string, fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error('embedded PostgreSQL is not running');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

/** An open election (10 positions x 3 candidates) and verified voters with sessions, straight in the database. */
export async function prepareElection(pool: pg.Pool, voterCount: number) {
  const { rows: [election] } = await pool.query(`insert into elections (title, start_time, end_time) values ('Durability', now() - interval '1 hour', now() + interval '1 day') returning id`);
  const candidates: { id: string; position: string }[] = [];
  for (const position of POSITIONS) {
    for (let k = 0; k < 3; k++) {
      const n = candidates.length;
      const { rows: [u] } = await pool.query(`insert into users (name, email, matric_number) values ($1, $2, $3) returning id`, [`Candidate ${n}`, `c${n}@d.test`, `DC${n}`]);
      const { rows: [c] } = await pool.query(`insert into candidates (election_id, user_id, position) values ($1, $2, $3) returning id, position`, [election.id, u.id, position]);
      candidates.push(c);
    }
  }
  const idx = Array.from({ length: voterCount }, (_, i) => i);
  const { rows: voters } = await pool.query(`insert into users (name, email, matric_number) select 'Voter ' || i, 'v' || i || '@d.test', 'DV' || i from unnest($1::int[]) i returning id`, [idx]);
  await pool.query(`insert into member_roles (user_id, role_name, verified_by_admin) select unnest($1::uuid[]), 'Members', true`, [voters.map((v) => v.id)]);
  const tokens = voters.map(() => newToken());
  await pool.query(`insert into sessions (user_id, token_hash, expires_at) select unnest($1::uuid[]), unnest($2::text[]), now() + interval '1 day'`, [voters.map((v) => v.id), tokens.map((t) => t.hash)]);
  return { electionId: election.id as string, candidates, voters: voters.map((v, i) => ({ id: v.id as string, token: tokens[i]!.token })) };
}

export type Ballot = { voter: number; position: string; candidateId: string };
export type ElectionSetup = Awaited<ReturnType<typeof prepareElection>>;

/** Every voter votes every position, in an order that interleaves voters and positions. */
export function allBallots(setup: ElectionSetup): Ballot[] {
  const queue: Ballot[] = [];
  for (const position of POSITIONS) {
    const options = setup.candidates.filter((c) => c.position === position);
    for (let voter = 0; voter < setup.voters.length; voter++) queue.push({ voter, position, candidateId: options[(voter + position.length) % 3]!.id });
  }
  return queue;
}

/** Casts one ballot over HTTP and answers its status; throws when the server is gone. */
export async function castBallot(port: number, setup: ElectionSetup, ballot: Ballot): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/voting/elections/${setup.electionId}/vote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.voters[ballot.voter]!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ candidate_id: ballot.candidateId, position: ballot.position }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** What the database holds against what was acknowledged: missing acknowledged votes, doubled ballots, tallies that differ from the votes. */
export async function checkVotes(pool: pg.Pool, setup: ElectionSetup, acked: Ballot[]) {
  const { rows } = await pool.query(`select voter_id, position, candidate_id from votes where election_id = $1`, [setup.electionId]);
  const stored = new Set(rows.map((r) => `${r.voter_id}|${r.position}|${r.candidate_id}`));
  const missing = acked.filter((b) => !stored.has(`${setup.voters[b.voter]!.id}|${b.position}|${b.candidateId}`));
  const { rows: [dup] } = await pool.query(`select count(*)::int as n, count(distinct (voter_id, position))::int as distinct_ballots from votes where election_id = $1`, [setup.electionId]);
  const { rows: tallies } = await pool.query(
    `select c.id, c.vote_count, (select count(*)::int from votes v where v.candidate_id = c.id) as n from candidates c where c.election_id = $1`,
    [setup.electionId],
  );
  return {
    stored: rows.length,
    missing,
    doubled: dup.n - dup.distinct_ballots,
    wrongTallies: tallies.filter((t) => t.vote_count !== t.n).map((t) => `${t.id}: ${t.vote_count} != ${t.n}`),
  };
}

/** Removes a test's data directory, first killing a PostgreSQL a killed group left holding it. */
export function removeDataDir(dir: string) {
  const pidFile = path.join(dir, 'pg', 'postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
