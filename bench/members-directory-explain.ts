// EXPLAIN ANALYZE of the members directory's SQL over 10,000 members.
//
//   node --import tsx bench/members-directory-explain.ts            (embedded PostgreSQL in a temp dir)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/members-directory-explain.ts
//                                                                    (a scratch database on that server, dropped after)
//   BENCH_MEMBERS=10000 BENCH_PLANS=1 (print every plan in full)
//
// It migrates a fresh database, bulk-inserts the members with generate_series (roles, skills),
// VACUUM ANALYZEs, then for each directory query runs the page and the count statements exactly as
// apps/server/src/modules/members/members.queries.ts builds them: EXPLAIN (ANALYZE, BUFFERS),
// the indexes the plan uses, and the median server-side execution time over 15 runs; finally the
// median time of the whole HTTP answer (GET /api/members through the real app, app.inject).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { AESA_ROLES, ENROLLMENT_YEARS, LEVELS, SKILLS } from '@aesa/shared/constants';
import { membersQuerySchema } from '@aesa/shared/schemas/members';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { directoryCountQuery, directoryPageQuery, directoryWhere } from '../apps/server/src/modules/members/members.queries.ts';
import { toDirectoryFilter } from '../apps/server/src/modules/members/members.service.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const RUNS = 15;
const SHOW_PLANS = process.env.BENCH_PLANS === '1';
const ONLY = process.env.BENCH_ONLY; // a substring of the case labels

const FIRST = ['Adaeze', 'Chinedu', 'Oluwaseun', 'Ngozi', 'Emeka', 'Funmilayo', 'Ibrahim', 'Aisha', 'Tunde', 'Chiamaka', 'Obinna', 'Yetunde', 'Musa', 'Zainab', 'Ifeanyi', 'Temitope', 'Kelechi', 'Halima', 'Segun', 'Amarachi', 'Uche', 'Bukola', 'Abdullahi', 'Nkechi', 'Babajide', 'Ebele', 'Yusuf', 'Folake', 'Chukwuemeka', 'Hauwa', 'Damilola', 'Ikenna', 'Fatima', 'Olumide', 'Chidinma', 'Sani', 'Kehinde', 'Taiwo', 'Onyinye', 'Ayodele', 'Nnamdi', 'Blessing', 'Godwin', 'Precious', 'Victor', 'Esther', 'Samuel', 'Grace'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Nwosu', 'Ogunleye', 'Abubakar', 'Eze', 'Olawale', 'Mohammed', 'Okonkwo', 'Adebayo', 'Umar', 'Chukwu', 'Balogun', 'Ibekwe', 'Suleiman', 'Onyeka', 'Afolabi', 'Danjuma', 'Obi', 'Ogundipe', 'Lawal', 'Nwachukwu', 'Akinola', 'Garba', 'Okoro', 'Adeleke', 'Yakubu', 'Anyanwu', 'Oyelaran', 'Ezeh', 'Salisu', 'Uzor', 'Olaniyan', 'Ahmed', 'Ekwueme'];
const arr = (xs: readonly (string | number)[]) => `array[${xs.map((x) => `'${String(x).replace(/'/g, "''")}'`).join(',')}]::text[]`;

/** The directory requests measured (query strings of GET /api/members). */
const CASES: [string, string][] = [
  ['no filter, page 1', ''],
  ['no filter, page 400', 'page=400'],
  ['no filter, limit 100, page 50', 'limit=100&page=50'],
  ['name search "ade"', 'search=ade'],
  ['name search "okafor"', 'search=okafor'],
  ['name search "zzqx" (no match)', 'search=zzqx'],
  ['name search "ol" (2 letters)', 'search=ol'],
  ['numeric matric search "1234"', 'search=1234'],
  ['numeric matric search "19"', 'search=19'],
  ['level "300 Level"', 'level=300%20Level'],
  ['level Alumni', 'level=Alumni'],
  ['role "president" (rare)', 'role=president'],
  ['role "members" (everyone)', 'role=members'],
  ['skill "cad"', 'skill=cad'],
  ['skill "propulsion", page 5', 'skill=propulsion&page=5'],
  ['year 2021', 'year=2021'],
  ['combined: level 400 + skill aero + year 2020', 'level=400&skill=aero&year=2020'],
  ['combined: search "chi" + role members + level 200', 'search=chi&role=members&level=200'],
];

async function seed(pool: pg.Pool) {
  const t0 = performance.now();
  const c = await pool.connect();
  try {
    await c.query('begin');
    // 95% activated (password set): the other 5% must never be listed.
    await c.query(
      `insert into users (name, email, matric_number, password_hash, current_level, enrollment_year)
       select (${arr(FIRST)})[1 + (i * 7919) % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i * 104729) % ${LAST.length}],
              'member' || i || '@bench.test',
              'AEE/' || lpad(((${arr(ENROLLMENT_YEARS)})[1 + (i * 31) % ${ENROLLMENT_YEARS.length}]::int % 100)::text, 2, '0') || '/' || lpad(i::text, 5, '0'),
              case when i % 20 = 0 then null else '$argon2id$bench' end,
              (${arr(LEVELS)})[1 + (i * 13) % ${LEVELS.length}],
              (${arr(ENROLLMENT_YEARS)})[1 + (i * 31) % ${ENROLLMENT_YEARS.length}]::int
       from generate_series(1, $1::int) as i`,
      [MEMBERS],
    );
    // Everyone holds "Members"; one in a hundred also an office (current), one in fifty a past one.
    await c.query(`insert into member_roles (user_id, role_name, verified_by_admin) select id, 'Members', true from users`);
    await c.query(
      `insert into member_roles (user_id, role_name, role_type, is_current, verified_by_admin)
       select id, (${arr(AESA_ROLES.slice(1))})[1 + n % ${AESA_ROLES.length - 1}], 'executive', n % 100 = 0, true
       from (select id, row_number() over (order by id) as n from users) u where n % 50 = 0 or n % 100 = 0`,
    );
    // Three to six skills each, spread over the whole list.
    await c.query(
      `insert into user_skills (user_id, skill_name, proficiency_level)
       select u.id, (${arr(SKILLS)})[1 + (u.n * 7 + k * 11) % ${SKILLS.length}], 'Intermediate'
       from (select id, row_number() over (order by id) as n from users) u,
            generate_series(0, 5) as k
       where k < 3 + u.n % 4
       on conflict do nothing`,
    );
    await c.query('commit');
  } finally {
    c.release();
  }
  // As autovacuum would soon after a bulk load: merges the GIN pending lists (until then the
  // planner prices the trigram indexes high and scans the table) and refreshes statistics.
  await pool.query('vacuum analyze');
  const { rows } = await pool.query(`select (select count(*) from users) as users, (select count(*) from member_roles) as roles, (select count(*) from user_skills) as skills`);
  return { ms: performance.now() - t0, counts: rows[0] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aesa-explain-'));
    fs.chmodSync(tmp, 0o755);
    const server = await startEmbeddedPostgres(tmp);
    adminUrl = server.url;
    stopEmbedded = server.stop;
  }
  const dbName = `aesa_explain_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = connect(url.toString(), 'postgres', 4);
  try {
    const version = (await database.pool.query('show server_version')).rows[0].server_version;
    await runMigrations(database.db);
    const seeded = await seed(database.pool);
    console.log(`PostgreSQL ${version} (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'}), ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`Seeded ${seeded.counts.users} users (${MEMBERS / 20} not activated), ${seeded.counts.roles} roles, ${seeded.counts.skills} skills in ${seeded.ms.toFixed(0)} ms\n`);

    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url.toString() }), uploadDir: path.join(os.tmpdir(), 'aesa-explain-uploads') };
    const app = await buildApp({ config, database: { ...database, kind: 'postgres' }, logger: false });
    await app.ready();

    const table: string[] = [];
    table.push('| query | matches | page: execution ms (median) | count: execution ms (median) | indexes used | GET /api/members ms (median) |');
    table.push('|---|---:|---:|---:|---|---:|');
    for (const [label, qs] of CASES) {
      if (ONLY && !label.includes(ONLY)) continue;
      const parsed = membersQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      const where = directoryWhere(toDirectoryFilter(parsed));
      const page = directoryPageQuery(where, parsed.limit, (parsed.page - 1) * parsed.limit);
      const count = directoryCountQuery(where);
      const times = { page: [] as number[], count: [] as number[] };
      let plans = { page: '', count: '' };
      for (let i = 0; i < RUNS; i++) {
        for (const [kind, query] of [['page', page], ['count', count]] as const) {
          const { rows } = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
          const text = rows.map((r) => r['QUERY PLAN']).join('\n');
          times[kind].push(Number(/Execution Time: ([\d.]+) ms/.exec(text)![1]));
          plans = { ...plans, [kind]: text };
        }
      }
      const indexes = [...new Set([...`${plans.page}\n${plans.count}`.matchAll(/(?:(?:Index Scan|Index Only Scan)(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]))];
      const http: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/members${qs ? `?${qs}` : ''}` });
        http.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${qs}: ${res.statusCode} ${res.body}`);
        total = res.json().total;
      }
      table.push(`| ${label} | ${total} | ${median(times.page).toFixed(2)} | ${median(times.count).toFixed(2)} | ${indexes.join(', ') || 'none (seq scan)'} | ${median(http).toFixed(2)} |`);
      if (SHOW_PLANS) console.log(`--- ${label}\n[page]\n${plans.page}\n[count]\n${plans.count}\n`);
    }
    console.log(table.join('\n'));
    await app.close();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await stopEmbedded();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
