import type pg from 'pg';

/**
 * Resolves once some other backend is waiting for a lock that this connection holds (a vote that
 * passed its checks and now waits for the row), read from pg_locks; a test that went on after a
 * fixed pause would pass or fail by the machine's load instead of by the rule under test.
 */
export async function waitUntilBlockedBy(holder: pg.PoolClient, timeoutMs = 10_000): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
  const holderPid = rows[0]!.pid;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await holder.query(
      'select 1 from pg_locks where not granted and $1 = any(pg_blocking_pids(pid)) limit 1',
      [holderPid],
    );
    if (waiting.rowCount) return;
    if (Date.now() > deadline) throw new Error(`no backend waited for a lock of backend ${holderPid} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
