import type { RunningJobs } from '../../db/jobs-leader.ts';

/**
 * Runs `task` every `everyMs` milliseconds, the first time after `firstAfterMs`, never two runs
 * at once. A failure is passed to `onError` and the task runs again at the next turn; `stop()`
 * waits for a run in progress, so a process that stops never leaves a job half done.
 */
export function repeat(task: () => Promise<unknown>, o: { everyMs: number; firstAfterMs?: number; onError: (err: unknown) => void }): RunningJobs {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const turn = () => {
    running = task()
      .catch(o.onError)
      .finally(() => {
        if (!stopped) schedule(o.everyMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(turn, ms);
    timer.unref();
  };
  schedule(o.firstAfterMs ?? o.everyMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
