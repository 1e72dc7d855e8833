import { parse } from 'csv-parse/sync';
import { atMost, figure, NotAvailable, type Figure, type Scenario } from '../lib/context.ts';
import { appProcesses, procMem } from '../lib/memory.ts';
import { sleep } from '../lib/proc.ts';

// The members export (GET /api/admin/exports/members.csv) over the 10,000 seeded members, with a
// current session and an approved payment for every other member (the financial column): the
// time to the last byte and the app's peak memory while it streams, against the same export of
// about 100 members (a matric search), which a streamed export must not exceed by much.

const ALL = '/api/admin/exports/members.csv';
const ABOUT_100 = '/api/admin/exports/members.csv?search=000'; // matric numbers 00001 to 00099 and a few more
const SAMPLE_MS = 5;

interface Download {
  ms: number;
  bytes: number;
  rows: number;
  /** The most any app process's RSS rose above its level before the request, in MB. */
  peakGrowthMb: number;
}

async function download(origin: string, path: string, token: string, appPid: number): Promise<Download> {
  const pids = appProcesses(appPid);
  const before = new Map(pids.map((p) => [p, procMem(p).rssKb]));
  let peakKb = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const p of pids) peakKb = Math.max(peakKb, procMem(p).rssKb - (before.get(p) ?? 0));
      await sleep(SAMPLE_MS);
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) throw new NotAvailable(`${path} answers 404`);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  sampling = false;
  await sampler;
  const rows = (parse(body, { bom: true }) as string[][]).length - 1;
  return { ms, bytes: body.length, rows, peakGrowthMb: Math.round((peakKb / 1024) * 10) / 10 };
}

export const exportsScenario: Scenario = {
  name: 'exports',
  title: 'Exports: GET /api/admin/exports/members.csv of 10,000 members (streamed), against about 100',
  async run(ctx) {
    if (!ctx.app.appPid) throw new Error('the app process was not found: no memory to sample');
    const session = await ctx.pool.query<{ id: string }>(
      `insert into academic_sessions (year, starts_on, ends_on, dues_amount, is_current) values ('2026-2027', '2026-10-01', '2027-09-30', 5000, true)
       on conflict (year) do update set is_current = true returning id`,
    );
    await ctx.pool.query(
      `insert into payments (user_id, session_id, amount, method, status, receipt_number)
       select u.id, $1, 5000, 'transfer', 'approved', 'BENCH-' || u.matric_number from users u
       where u.matric_number like '%/ENG04/%' and right(u.matric_number, 1) in ('0', '2', '4', '6', '8')
       on conflict do nothing`,
      [session.rows[0]!.id],
    );
    const token = ctx.seeded.admin.token;
    await download(ctx.app.origin, ABOUT_100, token, ctx.app.appPid); // warm-up: code paths, pool
    const small = await download(ctx.app.origin, ABOUT_100, token, ctx.app.appPid);
    const runs: Download[] = [];
    for (let i = 0; i < 3; i++) runs.push(await download(ctx.app.origin, ALL, token, ctx.app.appPid));
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const median = times[1]!;
    const peak = Math.max(...runs.map((r) => r.peakGrowthMb));
    const big = runs[0]!;
    const figures: Figure[] = [
      figure({
        id: 'exports.members10k.time',
        label: `Members export, ${big.rows.toLocaleString('en-US')} rows (${Math.round(big.bytes / 1024).toLocaleString('en-US')} KB): request to last byte, median of 3`,
        value: Math.round(median),
        unit: 'ms',
        baseline: { label: `the same export of ${small.rows} members`, value: Math.round(small.ms), unit: 'ms' },
        target: atMost(median, 5000, '< 5 s'),
        note: `runs: ${runs.map((r) => Math.round(r.ms)).join(', ')} ms`,
      }),
      figure({
        id: 'exports.members10k.peakMemory',
        label: 'Members export of 10,000: peak RSS growth of the app process serving it (sampled every 5 ms), most of 3 runs',
        value: peak,
        unit: 'MB',
        baseline: { label: `the same for ${small.rows} members`, value: small.peakGrowthMb, unit: 'MB' },
        target: atMost(peak, small.peakGrowthMb + 16, '<= the 100-member export + 16 MB'),
        note: `runs: ${runs.map((r) => r.peakGrowthMb).join(', ')} MB`,
      }),
    ];
    return { figures, details: { small, runs } };
  },
};
