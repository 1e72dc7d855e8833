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
  // pool.end() resolves before its clients' sockets have closed: a server stopped right after
  // (the next kill, or the final SIGTERM) terminates such a client, which is harmless here.
  pool.on('error', () => {});
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

/** Verified voters with sessions and an open election (10 positions x 3 candidates), straight in the database. */
export async function prepareElection(pool: pg.Pool, voterCount: number) {
  // The voters first: the server freezes the voter roll as soon as it sees the election open.
  const idx = Array.from({ length: voterCount }, (_, i) => i);
  const { rows: voters } = await pool.query(`insert into users (name, email, matric_number) select 'Voter ' || i, 'v' || i || '@d.test', 'DV' || i from unnest($1::int[]) i returning id`, [idx]);
  await pool.query(`insert into member_roles (user_id, role_name, verified_by_admin) select unnest($1::uuid[]), 'Members', true`, [voters.map((v) => v.id)]);
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
  const tokens = voters.map(() => newToken());
  await pool.query(`insert into sessions (user_id, token_hash, expires_at) select unnest($1::uuid[]), unnest($2::text[]), now() + interval '1 day'`, [voters.map((v) => v.id), tokens.map((t) => t.hash)]);
  return { electionId: election.id as string, candidates, voters: voters.map((v, i) => ({ id: v.id as string, token: tokens[i]!.token })) };
}

/** One vote to cast; an acknowledged one keeps the receipt the server answered. */
export type Ballot = { voter: number; position: string; candidateId: string; receipt?: string };
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

/** Casts one ballot over HTTP and answers its status (a 200 keeps its receipt); throws when the server is gone. */
export async function castBallot(port: number, setup: ElectionSetup, ballot: Ballot): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/voting/elections/${setup.electionId}/vote`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.voters[ballot.voter]!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ candidate_id: ballot.candidateId, position: ballot.position }),
    // A connection the cluster primary handed to a server process at the instant it was killed
    // is never answered; a client gives up on it, and an unanswered vote is not acknowledged.
    signal: AbortSignal.timeout(15_000),
  });
  const body = await res.text();
  if (res.status === 200) ballot.receipt = (JSON.parse(body) as { receipt: string }).receipt;
  return res.status;
}

/**
 * What the database holds against what was acknowledged: `missing` lists acknowledged votes
 * without their participation or without their ballot (found by receipt, same position and
 * candidate); `doubled` counts ballots beyond the participations of their position (nothing
 * doubled, nothing half-written); `wrongTallies` lists candidates whose tally differs from
 * their ballots.
 */
export async function checkVotes(pool: pg.Pool, setup: ElectionSetup, acked: Ballot[]) {
  const { rows: parts } = await pool.query(`select member_id, position from election_participations where election_id = $1`, [setup.electionId]);
  const took = new Set(parts.map((r) => `${r.member_id}|${r.position}`));
  const { rows: ballots } = await pool.query(`select receipt, position, candidate_id from ballots where election_id = $1`, [setup.electionId]);
  const byReceipt = new Map(ballots.map((r) => [r.receipt as string, `${r.position}|${r.candidate_id}`]));
  const missing = acked.filter((b) => !took.has(`${setup.voters[b.voter]!.id}|${b.position}`) || byReceipt.get(b.receipt!) !== `${b.position}|${b.candidateId}`);
  const { rows: [counts] } = await pool.query(
    `select coalesce(sum(abs(coalesce(b.n, 0) - coalesce(p.n, 0))), 0)::int as differ
     from (select position, count(*)::int n from election_participations where election_id = $1 group by 1) p
     full join (select position, count(*)::int n from ballots where election_id = $1 group by 1) b using (position)`,
    [setup.electionId],
  );
  const { rows: tallies } = await pool.query(
    `select c.id, c.vote_count, (select count(*)::int from ballots b where b.candidate_id = c.id) as n from candidates c where c.election_id = $1`,
    [setup.electionId],
  );
  return {
    stored: ballots.length,
    missing,
    doubled: counts.differ as number,
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
