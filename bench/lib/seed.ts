import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { AESA_ROLES, ENROLLMENT_YEARS, LEVELS, POSITIONS, SKILLS } from '@aesa/shared/constants';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { hashToken } from '../../apps/server/src/lib/tokens.ts';

// Seeds the benchmark's data straight into the app's own tables (the schema of
// apps/server/src/db/schema.ts, created by the app's migrations at start):
// - MEMBERS members with names, matric numbers, levels, years, roles and skills (the directory),
//   each with ONE shared argon2id hash (computing 10,000 would take two minutes), a verified
//   current member role (eligible to vote) and a session row whose token hash is
//   sha256(token) exactly as apps/server/src/lib/tokens.ts computes it, so no one logs in;
// - elections with three candidates for each of the ten positions.
// Ids are derived from numbers so that pgbench scripts can address rows without lookups.

export const BENCH_PASSWORD = 'bench-password-not-secret';

/** A valid version-4 uuid derived from a kind nibble and a number (pgbench computes the same). */
export function uid(kind: number, n: number): string {
  return `00000000-0000-4000-${(0x8000 + kind * 0x100).toString(16)}-${n.toString(16).padStart(12, '0')}`;
}
/** The same in SQL, for pgbench: `:n` is substituted by pgbench. */
export const uidSql = (kind: number, expr: string) => `('00000000-0000-4000-${(0x8000 + kind * 0x100).toString(16)}-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

export const KIND = { user: 0, election: 1, candidate: 2, admin: 3 } as const;
export const CANDIDATES_PER_POSITION = 3;
/** Candidate number inside an election: position index p (0-9), choice c (0-2). */
export const candidateNo = (election: number, p: number, c: number) => election * 100 + p * CANDIDATES_PER_POSITION + c;

const FIRST = [
  'Adaeze', 'Chinedu', 'Oluwaseun', 'Ngozi', 'Emeka', 'Funmilayo', 'Ibrahim', 'Aisha', 'Tunde', 'Chiamaka', 'Obinna', 'Yetunde',
  'Musa', 'Zainab', 'Ifeanyi', 'Temitope', 'Kelechi', 'Halima', 'Segun', 'Amarachi', 'Uche', 'Bukola', 'Abdullahi', 'Nkechi',
  'Babajide', 'Ebele', 'Yusuf', 'Folake', 'Chukwuemeka', 'Hauwa', 'Damilola', 'Ikenna', 'Fatima', 'Olumide', 'Chidinma', 'Sani',
  'Kehinde', 'Taiwo', 'Onyinye', 'Ayodele', 'Nnamdi', 'Blessing', 'Godwin', 'Precious', 'Victor', 'Esther', 'Samuel', 'Grace',
];
const LAST = [
  'Okafor', 'Adeyemi', 'Bello', 'Nwosu', 'Ogunleye', 'Abubakar', 'Eze', 'Olawale', 'Mohammed', 'Okonkwo', 'Adebayo', 'Umar',
  'Chukwu', 'Balogun', 'Ibekwe', 'Suleiman', 'Onyeka', 'Afolabi', 'Danjuma', 'Obi', 'Ogundipe', 'Lawal', 'Nwachukwu', 'Akinola',
  'Garba', 'Okoro', 'Adeleke', 'Yakubu', 'Anyanwu', 'Oyelaran', 'Ezeh', 'Salisu', 'Uzor', 'Olaniyan', 'Ahmed', 'Ekwueme',
];
const PROFICIENCY = ['Beginner', 'Intermediate', 'Advanced', 'Expert'];
const sqlArray = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export interface SeededElection {
  no: number;
  id: string;
  /** Candidate ids per position (POSITIONS order), three each. */
  candidates: string[][];
}

export interface Seeded {
  members: number;
  /** Session tokens of members 1..members, index i-1 for member i. */
  tokens: string[];
  admin: { id: string; token: string };
  elections: Map<number, SeededElection>;
  ms: number;
}

export async function seedMembers(pool: pg.Pool, members: number): Promise<Omit<Seeded, 'elections'>> {
  const t0 = performance.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD); // once, reused by every member
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Members: deterministic spread over names, levels and years (i * prime mod n).
    await client.query(
      `insert into users (id, name, email, matric_number, password_hash, current_level, enrollment_year, user_type, email_verified_at, bio)
       select ${uidSql(KIND.user, 'i')},
              (${sqlArray(FIRST)})[1 + (i * 7919) % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i * 104729) % ${LAST.length}],
              'member' || i || '@bench.aesa.test',
              lpad(((${sqlArray(ENROLLMENT_YEARS.map(String))})[1 + (i * 31) % ${ENROLLMENT_YEARS.length}]::int % 100)::text, 2, '0') || '/ENG04/' || lpad(i::text, 5, '0'),
              $1,
              (${sqlArray(LEVELS)})[1 + (i * 13) % ${LEVELS.length}],
              (${sqlArray(ENROLLMENT_YEARS.map(String))})[1 + (i * 31) % ${ENROLLMENT_YEARS.length}]::int,
              'member', now(),
              'Aerospace engineering student interested in ' || (${sqlArray(SKILLS)})[1 + (i * 17) % ${SKILLS.length}] || '.'
       from generate_series(1, $2::int) as i`,
      [passwordHash, members],
    );
    // Every member holds a verified current 'Members' role (eligible to vote); one in fifty also an office.
    await client.query(
      `insert into member_roles (user_id, role_name, role_type, associated_year_range, is_current, verified_by_admin)
       select ${uidSql(KIND.user, 'i')}, 'Members', 'member', '2024/2025', true, true from generate_series(1, $1::int) as i
       union all
       select ${uidSql(KIND.user, 'i')}, (${sqlArray(AESA_ROLES.slice(1))})[1 + (i / 50) % ${AESA_ROLES.length - 1}], 'executive', '2024/2025', true, true
       from generate_series(1, $1::int) as i where i % 50 = 0`,
      [members],
    );
    // Zero to four distinct skills each.
    await client.query(
      `insert into user_skills (user_id, skill_name, proficiency_level)
       select ${uidSql(KIND.user, 'i')}, (${sqlArray(SKILLS)})[1 + (i * 17 + k * 7) % ${SKILLS.length}], (${sqlArray(PROFICIENCY)})[1 + (i + k) % 4]
       from generate_series(1, $1::int) as i, generate_series(0, 3) as k where k < i % 5`,
      [members],
    );
    // Sessions: random tokens, stored as sha256 hex like tokens.ts does.
    const tokens = Array.from({ length: members }, () => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at)
       select ${uidSql(KIND.user, 'n')}, h, now() + interval '1 day' from unnest($1::text[]) with ordinality as t(h, n)`,
      [tokens.map(hashToken)],
    );
    // An administrator for the /admin page (super admin role, like `npm run create-admin`).
    const adminId = uid(KIND.admin, 1);
    const adminToken = randomBytes(32).toString('base64url');
    await client.query(
      `insert into users (id, name, email, matric_number, password_hash, user_type, email_verified_at) values ($1, 'Bench Administrator', 'admin@bench.aesa.test', 'BENCHADMIN', $2, 'member', now())`,
      [adminId, passwordHash],
    );
    await client.query(`insert into member_roles (user_id, role_name, verified_by_admin) values ($1, 'Members', true)`, [adminId]);
    const role = await client.query<{ id: string }>(
      `insert into admin_roles (role_name, description, is_super_admin, is_editorial_admin, is_data_admin, is_electoral_admin, is_event_admin, is_email_admin)
       values ('Bench Super Admin', 'benchmark', true, true, true, true, true, true) returning id`,
    );
    await client.query(`insert into admin_users (user_id, admin_role_id) values ($1, $2)`, [adminId, role.rows[0]!.id]);
    await client.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [adminId, hashToken(adminToken)]);
    await client.query('commit');
    await client.query('analyze');
    return { members, tokens, admin: { id: adminId, token: adminToken }, ms: performance.now() - t0 };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Active, visible, published elections (open from an hour ago for a day), 3 candidates per position. */
/**
 * `noticeQueued`: the elections' opening notice counts as already queued, so the app does not put
 * a "voting is open" mail for every member into the outbox when it sees them open (the soak
 * watches the outbox for its own mail).
 */
export async function seedElections(pool: pg.Pool, numbers: number[], opts: { noticeQueued?: boolean } = {}): Promise<Map<number, SeededElection>> {
  const out = new Map<number, SeededElection>();
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const no of numbers) {
      const id = uid(KIND.election, no);
      await client.query(
        `insert into elections (id, title, description, start_time, end_time, is_active, is_publicly_visible, results_published, opening_notice_queued_at)
         values ($1, $2, 'Benchmark election', now() - interval '1 hour', now() + interval '1 day', true, true, true, case when $3 then now() end)`,
        [id, `AESA Executive Elections (bench ${no})`, !!opts.noticeQueued],
      );
      const candidates: string[][] = [];
      for (let p = 0; p < POSITIONS.length; p++) {
        candidates.push([]);
        for (let c = 0; c < CANDIDATES_PER_POSITION; c++) {
          const cid = uid(KIND.candidate, candidateNo(no, p, c));
          // Candidates are members 1..30 (a member stands for one position per election).
          await client.query(
            `insert into candidates (id, election_id, user_id, position, manifesto) values ($1, $2, $3, $4, 'Service, transparency and more lab hours.')`,
            [cid, id, uid(KIND.user, 1 + p * CANDIDATES_PER_POSITION + c), POSITIONS[p]],
          );
          candidates[p]!.push(cid);
        }
      }
      out.set(no, { no, id, candidates });
    }
    await client.query('commit');
    await client.query('analyze elections; analyze candidates');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return out;
}

export interface TallyCheck {
  electionId: string;
  /** Ballots stored. */
  votes: number;
  tallySum: number;
  candidatesChecked: number;
  mismatchedCandidates: number;
  /** Participation records: one per ballot. */
  participations: number;
  equal: boolean;
}

/** Every candidate's vote_count against its ballots, and the ballots against the participations. */
export async function checkTallies(pool: pg.Pool, electionIds: string[]): Promise<TallyCheck> {
  const { rows } = await pool.query<{ votes: number; tally: number; candidates: number; mismatched: number; participations: number }>(
    `select coalesce(sum(n), 0)::int as votes, coalesce(sum(vote_count), 0)::int as tally, count(*)::int as candidates,
            count(*) filter (where n <> vote_count)::int as mismatched,
            (select count(*) from election_participations p where p.election_id = any($1::uuid[]))::int as participations
     from (select c.id, c.vote_count, (select count(*) from ballots b where b.candidate_id = c.id) as n
           from candidates c where c.election_id = any($1::uuid[])) t`,
    [electionIds],
  );
  const r = rows[0]!;
  return {
    electionId: electionIds.join(','),
    votes: r.votes,
    tallySum: r.tally,
    candidatesChecked: r.candidates,
    mismatchedCandidates: r.mismatched,
    participations: r.participations,
    equal: r.mismatched === 0 && r.votes === r.tally && r.participations === r.votes,
  };
}
