import fs from 'node:fs';
import path from 'node:path';
import type { LoadJob, LoadResult } from '../children/http-load.ts';
import { cpuMeter } from './cpu.ts';
import { nodeTs, start, stop, type Tracked } from './proc.ts';
import { ROOT, WORK } from './server.ts';

let seq = 0;

/** Runs one autocannon job in a child process; resolves with its result. Bounded in time. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const running = startLoad(job);
  return running.result;
}

export function startLoad(job: LoadJob): { proc: Tracked; result: Promise<LoadResult> } {
  const id = `${++seq}-${job.label.replace(/[^a-z0-9]+/gi, '-')}`;
  const jobFile = path.join(WORK, `load-${id}.json`);
  const outFile = path.join(WORK, `load-${id}.out.json`);
  fs.writeFileSync(jobFile, JSON.stringify(job));
  fs.rmSync(outFile, { force: true });
  const [cmd, args] = nodeTs(path.join(ROOT, 'bench/children/http-load.ts'), [jobFile, outFile]);
  const proc = start(cmd, args, { name: `load ${job.label}`, cwd: ROOT });
  const limitMs = (job.durationSec + job.warmupSec + 60) * 1000;
  const meter = cpuMeter();
  const result = (async () => {
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([proc.exited, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), limitMs)))]);
    clearTimeout(timer);
    if (code === 'timeout') {
      await stop(proc, 'SIGKILL', 1000);
      throw new Error(`load ${job.label} did not finish within ${limitMs} ms`);
    }
    if (code !== 0 || !fs.existsSync(outFile)) throw new Error(`load ${job.label} failed (exit ${code}):\n${proc.output()}`);
    const r = JSON.parse(fs.readFileSync(outFile, 'utf8')) as LoadResult;
    // CPU over the whole child (warm-up included): who was busy, the app or PostgreSQL?
    r.cpu = meter.end();
    const c = r.cpu;
    console.log(
      `           load "${job.label}": ${r.okPerSec} 2xx/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms; ` +
        `app ${c.appCores ?? '-'} cores, PostgreSQL ${c.postgresCores ?? '-'} cores, others ${c.othersPct}%`,
    );
    fs.rmSync(jobFile, { force: true });
    fs.rmSync(outFile, { force: true });
    return r;
  })();
  return { proc, result };
}
