import fs from 'node:fs';
import os from 'node:os';
import { appProcesses, descendants, processTable } from './memory.ts';

// This machine is shared (other engineers' builds and tests run on the same two cores), so each
// scenario records how much CPU the rest of the machine took while it ran. A figure measured
// while others used half the CPU is not a figure of the app; the report says so next to it.

interface Sample {
  total: number;
  idle: number;
  ours: number;
  app: number;
  /** The app's password-hashing threads (part of `app`). */
  hashing: number;
  postgres: number;
}

/** The processes whose CPU is reported apart: the app process and the embedded postmaster. */
export interface CpuRoles {
  appPid: number | null;
  postmasterPid: number | null;
}

/** utime + stime + cutime + cstime of one process (clock ticks). */
function ticks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of stat; f starts at field 3.
    return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  } catch {
    return 0;
  }
}

/**
 * utime + stime of the threads of `pid` that run at a lower priority than its main thread: the
 * app's password-hashing threads (apps/server/src/lib/password-hashers.ts lowers them).
 */
function hashingTicks(pid: number): number {
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  // nice is field 19 of stat (f[16]); utime and stime fields 14 and 15.
  const fields = (tid: string) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  let sum = 0;
  try {
    const mainNice = Number(fields(String(pid))[16]);
    for (const tid of tids) {
      try {
        const f = fields(tid);
        if (Number(f[16]) > mainNice) sum += Number(f[11]) + Number(f[12]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  } catch {
    return 0;
  }
  return sum;
}

function sample(roles?: CpuRoles): Sample {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = cpu[3]! + cpu[4]!;
  const table = processTable();
  let ours = 0;
  // Our process tree: the harness and every descendant (app, PostgreSQL, load generators),
  // counting reaped children through cutime/cstime.
  for (const pid of [process.pid, ...descendants(process.pid, table)]) ours += ticks(pid);
  // The app process and its workers, if it runs several (not PostgreSQL, which the app may have started).
  let app = 0;
  let hashing = 0;
  if (roles?.appPid)
    for (const pid of appProcesses(roles.appPid, table)) {
      app += ticks(pid);
      hashing += hashingTicks(pid);
    }
  let postgres = 0;
  if (roles?.postmasterPid) for (const pid of [roles.postmasterPid, ...descendants(roles.postmasterPid, table)]) postgres += ticks(pid);
  return { total, idle, ours, app, hashing, postgres };
}

export interface CpuShare {
  /** Share of the machine's CPU time (all cores) used by processes outside the harness. */
  othersPct: number;
  /** Share used by the harness and everything it started. */
  oursPct: number;
  loadAvg1Start: number;
  loadAvg1End: number;
  seconds: number;
  /** CPU of the app process and of PostgreSQL, in cores (1 = one core busy all the time). */
  appCores?: number;
  /** Of appCores, the app's password-hashing threads. */
  hashingCores?: number;
  postgresCores?: number;
}

let currentRoles: (() => CpuRoles) | undefined;
/** Which app and postmaster the meters of loads (load.ts) report apart. */
export function setCpuRoles(roles: (() => CpuRoles) | undefined) {
  currentRoles = roles;
}

export function cpuMeter(roles: (() => CpuRoles) | undefined = currentRoles): { end(): CpuShare } {
  const r = roles?.();
  const a = sample(r);
  const load0 = os.loadavg()[0]!;
  const t0 = performance.now();
  return {
    end() {
      const b = sample(r);
      const total = Math.max(1, b.total - a.total);
      const cores = os.cpus().length;
      const asCores = (t: number) => Math.round((t / total) * cores * 100) / 100;
      const busy = total - (b.idle - a.idle);
      const ours = Math.min(busy, Math.max(0, b.ours - a.ours));
      return {
        othersPct: Math.round(((busy - ours) / total) * 1000) / 10,
        oursPct: Math.round((ours / total) * 1000) / 10,
        loadAvg1Start: Math.round(load0 * 100) / 100,
        loadAvg1End: Math.round(os.loadavg()[0]! * 100) / 100,
        seconds: Math.round((performance.now() - t0) / 100) / 10,
        appCores: r?.appPid ? asCores(b.app - a.app) : undefined,
        hashingCores: r?.appPid ? asCores(b.hashing - a.hashing) : undefined,
        postgresCores: r?.postmasterPid ? asCores(b.postgres - a.postgres) : undefined,
      };
    },
  };
}
