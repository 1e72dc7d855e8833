/** A worker that ran at least this long before it stopped was healthy: its next restart is immediate-ish again. */
export const HEALTHY_RUN_MS = 60_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before starting again a server process that stopped on its own, and how many
 * quick failures in a row that makes. Each quick failure doubles the wait (0.5 s, 1 s, 2 s … at
 * most 30 s), so a process that cannot start (a broken database, a full disk) does not spin the
 * cores; one that ran for a minute or more starts again after the first delay.
 */
export function restartDelay(previousFailures: number, ranMs: number): { delayMs: number; failures: number } {
  const failures = ranMs >= HEALTHY_RUN_MS ? 1 : previousFailures + 1;
  return { delayMs: Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1)), failures };
}
