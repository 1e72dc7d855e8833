import fs from 'node:fs';
import path from 'node:path';

// Resident memory from /proc. RSS counts every page a process has mapped, so PostgreSQL's
// shared memory (shared_buffers, touched by every backend) is counted once per backend in a
// plain RSS sum; PSS divides each shared page by the number of processes mapping it, so the
// PSS sum of a process group is what the group really occupies.

export interface ProcMem {
  pid: number;
  name: string;
  rssKb: number;
  pssKb: number;
}

export interface MemorySnapshot {
  app: ProcMem | null;
  postgres: { processes: number; rssKb: number; pssKb: number; postmasterPid: number | null };
  /** The npm wrapper of `npm run serve` (and its sh), reported apart: not part of the app. */
  wrapper: { processes: number; rssKb: number; pssKb: number };
  totalRssMb: number;
  totalPssMb: number;
}

function readKb(file: string, key: string): number {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export function procMem(pid: number): ProcMem {
  let name = '?';
  try {
    name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    /* gone */
  }
  return { pid, name, rssKb: readKb(`/proc/${pid}/status`, 'VmRSS'), pssKb: readKb(`/proc/${pid}/smaps_rollup`, 'Pss') };
}

/** pid -> parent pid for every process on the machine. */
export function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), Number(fields[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  return table;
}

export function descendants(root: number, table = processTable()): number[] {
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of table) {
      if (ppid === parent) {
        out.push(pid);
        queue.push(pid);
      }
    }
  }
  return out;
}

export function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

export function exeName(pid: number): string {
  try {
    return path.basename(fs.readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return '';
  }
}

/** The postmaster of an embedded data directory (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * The app process started by `npm run serve`: the first node process under the npm wrapper whose
 * command line runs the server's main module (apps/server/src/main.ts, or the compiled one). With
 * several workers this is the primary; the workers are its node children (appProcesses).
 */
export function findAppPid(wrapperPid: number): number | null {
  for (const pid of [wrapperPid, ...descendants(wrapperPid)]) {
    if (exeName(pid).startsWith('node') && /apps\/server\/\S+\.[cm]?[jt]s/.test(cmdline(pid))) return pid;
  }
  return null;
}

/** The app's node processes: the app process and every node process under it (its workers), not PostgreSQL. */
export function appProcesses(appPid: number, table = processTable()): number[] {
  return [appPid, ...descendants(appPid, table)].filter((pid) => exeName(pid).startsWith('node'));
}

export function snapshot(wrapperPid: number, appPid: number | null, dataDir: string | null): MemorySnapshot {
  const table = processTable();
  // The app and its workers (several server processes sharing the port) count as the app.
  const appMems = appPid ? appProcesses(appPid, table).map((p) => procMem(p)) : [];
  const app = appMems.length ? { pid: appPid!, name: appMems.length > 1 ? `${appMems[0]!.name} x${appMems.length}` : appMems[0]!.name, rssKb: appMems.reduce((a, m) => a + m.rssKb, 0), pssKb: appMems.reduce((a, m) => a + m.pssKb, 0) } : null;
  const pm = dataDir ? postmasterPid(dataDir) : null;
  const pgPids = pm && table.has(pm) ? [pm, ...descendants(pm, table)] : [];
  const pg = pgPids.map((p) => procMem(p));
  const appTree = new Set(appPid ? [appPid, ...descendants(appPid, table)] : []);
  const wrapperPids = [wrapperPid, ...descendants(wrapperPid, table)].filter((p) => !appTree.has(p) && !pgPids.includes(p));
  const wrapper = wrapperPids.map((p) => procMem(p));
  const sum = (xs: ProcMem[], k: 'rssKb' | 'pssKb') => xs.reduce((a, x) => a + x[k], 0);
  const postgres = { processes: pg.length, rssKb: sum(pg, 'rssKb'), pssKb: sum(pg, 'pssKb'), postmasterPid: pm };
  return {
    app,
    postgres,
    wrapper: { processes: wrapper.length, rssKb: sum(wrapper, 'rssKb'), pssKb: sum(wrapper, 'pssKb') },
    totalRssMb: round1(((app?.rssKb ?? 0) + postgres.rssKb) / 1024),
    totalPssMb: round1(((app?.pssKb ?? 0) + postgres.pssKb) / 1024),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
