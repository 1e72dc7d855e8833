import type { LoadResult } from '../children/http-load.ts';
import { atLeast, atMost, cpuNote, figure, NotAvailable, type Figure, type Scenario } from '../lib/context.ts';
import { runLoad } from '../lib/load.ts';

const q = (params: Record<string, string | number>) => `/api/members?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** The directory queries, by kind (names, matric numbers, skills and roles match the seed). */
export const DIRECTORY_QUERIES: Record<string, string[]> = {
  'no filter': [q({ page: 1, limit: 12 }), q({ page: 2, limit: 12 }), q({ page: 40, limit: 12 }), q({ page: 400, limit: 12 })],
  'name search': [q({ search: 'ade' }), q({ search: 'Okafor' }), q({ search: 'chi', page: 2 }), q({ search: 'musa bello' }), q({ search: 'Zainab' })],
  'numeric matric search': [q({ search: '0123' }), q({ search: '19' }), q({ search: '4567' }), q({ search: '21', page: 3 })],
  level: [q({ level: '300 Level' }), q({ level: 'Alumni' }), q({ level: '100 Level', page: 3 })],
  role: [q({ role: 'Treasurer' }), q({ role: 'Members', page: 10 }), q({ role: 'President' })],
  skill: [q({ skill: 'CFD' }), q({ skill: 'Propulsion' }), q({ skill: 'MATLAB', page: 2 })],
  year: [q({ year: 2021 }), q({ year: 2019, page: 5 })],
  combined: [
    q({ level: '400 Level', skill: 'Aerodynamics', year: 2020 }),
    q({ search: 'ola', role: 'Members', level: '200 Level' }),
    q({ skill: 'Python', year: 2023, page: 2 }),
  ],
};

/** The mix: every query of every kind, in turn. */
export const DIRECTORY_MIX = Object.values(DIRECTORY_QUERIES).flat();

export const directory: Scenario = {
  name: 'directory',
  title: 'Directory: GET /api/members over 10,000 seeded members (mix of filters and searches)',
  async run(ctx) {
    const probe = await fetch(`${ctx.app.origin}${DIRECTORY_QUERIES['no filter']![0]}`);
    const probeBody = await probe.text();
    if (probe.status === 404) throw new NotAvailable(`GET /api/members answers 404 (${probeBody.slice(0, 120)})`);
    if (probe.status !== 200) throw new Error(`GET /api/members answered ${probe.status}: ${probeBody.slice(0, 300)}`);
    // Every query must work before it is timed.
    const answers: Record<string, { status: number; total?: unknown; count?: number }> = {};
    for (const path of DIRECTORY_MIX) {
      const res = await fetch(`${ctx.app.origin}${path}`);
      const body = (await res.json().catch(() => ({}))) as { data?: unknown[]; total?: unknown; pagination?: { total?: unknown } };
      answers[path] = { status: res.status, total: body.total ?? body.pagination?.total, count: Array.isArray(body.data) ? body.data.length : undefined };
    }

    const base = ctx.baselines.bareFastify;
    const bareline = base ? { label: 'bare Fastify JSON GET', value: base.okPerSec, unit: 'req/s' } : undefined;
    const mix = await runLoad({ label: 'directory mix', mode: 'get', visitors: true, origin: ctx.app.origin, paths: DIRECTORY_MIX, connections: 50, durationSec: ctx.seconds, warmupSec: ctx.warmup });
    const limited = mix.statusCodes['429'] ?? 0;
    const figures: Figure[] = [
      figure({
        id: 'directory.mix',
        label: 'Directory pages per second (2xx), mix, 50 connections',
        value: mix.okPerSec,
        unit: 'req/s',
        baseline: bareline,
        target: atLeast(mix.okPerSec, 2000, '>= 2,000 req/s'),
        note: [limited ? `${limited} of ${mix.requests} answered 429 by the rate limit` : '', cpuNote(mix)].filter(Boolean).join('; '),
      }),
      figure({ id: 'directory.mix.p99', label: 'Directory p99, mix', value: mix.latencyMs.p99, unit: 'ms', baseline: base ? { label: 'bare Fastify p99', value: base.latencyMs.p99, unit: 'ms' } : undefined, target: atMost(mix.latencyMs.p99, 20, '< 20 ms') }),
    ];
    const kinds: Record<string, LoadResult> = {};
    const kindSeconds = Math.max(2, Math.round(ctx.seconds / 3));
    // Each kind alone on the embedded run; the external run measures the mix only (time budget).
    for (const [kind, paths] of ctx.target === 'embedded' ? Object.entries(DIRECTORY_QUERIES) : []) {
      const r = await runLoad({ label: `directory ${kind}`, mode: 'get', visitors: true, origin: ctx.app.origin, paths, connections: 50, durationSec: kindSeconds, warmupSec: 0 });
      kinds[kind] = r;
      figures.push(
        figure({
          id: `directory.${kind}.p99`,
          label: `Directory p99, ${kind} (${r.okPerSec} req/s)`,
          value: r.latencyMs.p99,
          unit: 'ms',
          target: atMost(r.latencyMs.p99, 20, '< 20 ms'),
          note: r.ok2xx < r.requests ? `${r.requests - r.ok2xx} of ${r.requests} not 2xx` : undefined,
        }),
      );
    }
    return { figures, details: { answers, mix, kinds, kindSeconds } };
  },
};
