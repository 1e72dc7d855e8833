import type pg from 'pg';
import type { LoadResult } from '../children/http-load.ts';
import type { CpuShare } from './cpu.ts';
import type { MemorySnapshot } from './memory.ts';
import type { PgbenchResult } from './pgbench.ts';
import type { Seeded } from './seed.ts';
import type { AppServer } from './server.ts';

/** One reported number, with the baseline measured in the same run and the target, if any. */
export interface Figure {
  id: string;
  label: string;
  value: number | null;
  unit: string;
  baseline?: { label: string; value: number | null; unit: string };
  /** value / baseline.value, when both are numbers. */
  ratio?: number | null;
  target?: { text: string; met: boolean | null };
  note?: string;
}

export type ScenarioStatus = 'ok' | 'not available yet' | 'failed' | 'skipped';

export interface ScenarioResult {
  name: string;
  title: string;
  status: ScenarioStatus;
  reason?: string;
  figures: Figure[];
  details: Record<string, unknown>;
  ms: number;
  /** CPU taken by other processes on this shared machine while the scenario ran. */
  cpu?: CpuShare;
}

export interface Baselines {
  bareFastify?: LoadResult;
  bareStartMs?: number;
  bareMemory?: { rssKb: number; pssKb: number };
  pgbench?: { simple: PgbenchResult; prepared: PgbenchResult; pool?: PgbenchResult; minimal: PgbenchResult };
}

export interface Context {
  target: 'embedded' | 'external';
  app: AppServer;
  pool: pg.Pool;
  dbUrl: string;
  seeded: Seeded;
  baselines: Baselines;
  /** The web app was built by this run (or BENCH_SKIP_BUILD found a build). */
  webBuilt: boolean;
  /** Seconds of each measured load. */
  seconds: number;
  /** Seconds of warm-up before a measured GET load. */
  warmup: number;
  memory: Record<string, MemorySnapshot>;
  /** Takes a memory snapshot of the app and its PostgreSQL processes. */
  snapshotMemory(label: string): MemorySnapshot;
  log(message: string): void;
}

/** An outcome that is not a failure: the endpoint is not in this build yet. */
export class NotAvailable extends Error {}

export interface Scenario {
  name: string;
  title: string;
  /** Throws NotAvailable when the feature is not in this build. */
  run(ctx: Context): Promise<{ figures: Figure[]; details: Record<string, unknown> }>;
}

export function figure(f: Omit<Figure, 'ratio'>): Figure {
  const b = f.baseline?.value;
  const ratio = f.value !== null && b !== null && b !== undefined && b !== 0 ? Math.round((f.value / b) * 1000) / 1000 : null;
  return { ...f, ratio: f.baseline ? ratio : undefined };
}

/** Target met when value <= limit (latency, size, memory, time). */
export const atMost = (value: number | null, limit: number, text: string) => ({ text, met: value === null ? null : value <= limit });
/** Target met when value >= limit (throughput, score). */
export const atLeast = (value: number | null, limit: number, text: string) => ({ text, met: value === null ? null : value >= limit });

/** Who was busy during a load: the app process, PostgreSQL, and the rest of the machine. */
export function cpuNote(r: LoadResult): string {
  const c = r.cpu;
  if (!c) return '';
  return `during the load: app ${c.appCores ?? '-'} cores, PostgreSQL ${c.postgresCores ?? '-'} cores, other processes ${c.othersPct}% of the machine`;
}
