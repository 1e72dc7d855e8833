import { figure, atMost, NotAvailable, type Figure, type Scenario } from '../lib/context.ts';
import { snapshot } from '../lib/memory.ts';

const ROWS = 2_000;
const REGISTERED = 1_500;

interface ImportAnswer {
  counts?: Record<string, number>;
  code?: string;
}

/**
 * The class list import (Data Management) of a 2,000-row file: 1,500 rows of seeded members
 * (made unverified first, so the apply has work to do), 500 students not registered yet. Times
 * the preview, the apply and a second apply of the same file (which changes nothing), and samples
 * the app's resident memory (every server process) while each runs.
 */
export const classListImport: Scenario = {
  name: 'import',
  title: `Class list import: POST /api/admin/members/import with ${ROWS.toLocaleString('en')} rows (preview, apply, apply again)`,
  async run(ctx) {
    const { rows } = await ctx.pool.query<{ id: string; matric_number: string; name: string }>(
      `select id, matric_number, name from users where email like 'member%@bench.aesa.test' order by matric_number limit $1`,
      [REGISTERED],
    );
    await ctx.pool.query(`update member_roles set verified_by_admin = false where role_type = 'member' and user_id = any($1::uuid[])`, [rows.map((r) => r.id)]);
    const lines = ['Matric Number,Full Name,Level,Email'];
    for (const r of rows) lines.push(`${r.matric_number},"${r.name.split(' ').reverse().join(', ')}",300L,`);
    for (let i = rows.length; i < ROWS; i++) lines.push(`BL/27/${String(i).padStart(5, '0')},Listed Student ${i},100 Level,listed${i}@bench.aesa.test`);
    const csv = `\uFEFF${lines.join('\r\n')}\r\n`;

    const call = async (dryRun: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'class-list.csv');
      const baseline = snapshot(ctx.app.proc.child.pid!, ctx.app.appPid, ctx.app.dataDir).app?.rssKb ?? 0;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, snapshot(ctx.app.proc.child.pid!, ctx.app.appPid, ctx.app.dataDir).app?.rssKb ?? 0);
      }, 25);
      const t0 = performance.now();
      const res = await fetch(`${ctx.app.origin}/api/admin/members/import?dry_run=${dryRun}`, { method: 'POST', headers: { authorization: `Bearer ${ctx.seeded.admin.token}` }, body: form });
      const body = (await res.json()) as ImportAnswer;
      const ms = Math.round(performance.now() - t0);
      clearInterval(sampler);
      peak = Math.max(peak, snapshot(ctx.app.proc.child.pid!, ctx.app.appPid, ctx.app.dataDir).app?.rssKb ?? 0);
      if (res.status === 404) throw new NotAvailable('POST /api/admin/members/import answers 404');
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return { ms, counts: body.counts ?? {}, baselineMb: Math.round(baseline / 102.4) / 10, peakMb: Math.round(peak / 102.4) / 10 };
    };

    const preview = await call(true);
    const apply = await call(false);
    const again = await call(false);
    if (apply.counts.matched !== REGISTERED || apply.counts.pre_verified !== ROWS - REGISTERED) throw new Error(`unexpected counts ${JSON.stringify(apply.counts)}`);
    if (again.counts.changed !== 0) throw new Error(`the second apply changed ${again.counts.changed} rows`);
    const memNote = (r: typeof preview) => `app resident memory ${r.baselineMb} MB before, peak ${r.peakMb} MB (+${Math.round((r.peakMb - r.baselineMb) * 10) / 10} MB)`;
    const figures: Figure[] = [
      figure({ id: 'import.preview', label: `Class list preview, ${ROWS} rows`, value: preview.ms, unit: 'ms', target: atMost(preview.ms, 5000, '< 5 s'), note: memNote(preview) }),
      figure({ id: 'import.apply', label: `Class list apply, ${ROWS} rows (${REGISTERED} matched, ${ROWS - REGISTERED} pre-verified)`, value: apply.ms, unit: 'ms', target: atMost(apply.ms, 5000, '< 5 s'), note: memNote(apply) }),
      figure({ id: 'import.again', label: `Class list applied again (0 changed)`, value: again.ms, unit: 'ms', target: atMost(again.ms, 5000, '< 5 s'), note: memNote(again) }),
      figure({ id: 'import.peak', label: 'App peak resident memory during the import', value: Math.max(preview.peakMb, apply.peakMb, again.peakMb), unit: 'MB' }),
    ];
    return { figures, details: { preview, apply, again } };
  },
};
