import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';
import type { Tx } from './tx.ts';

interface Scope {
  tx: Tx | undefined;
  /** False once the transaction ended: work that outlives it (timers) uses the pool again. */
  open: boolean;
  afterCommit: (() => void)[];
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * `db` whose queries join the request transaction of the code calling them, while one is open
 * (`inRequestTransaction`), and go to the pool otherwise. The app's `app.db` is this: an audited
 * admin write runs its whole handler in one transaction with its audit entry (decision 021)
 * without every service and query taking a transaction parameter. A service's own
 * `db.transaction(...)` becomes a savepoint inside it.
 */
export function transactionAware(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const s = scope.getStore();
      if (!s?.open || !s.tx) return Reflect.get(target, prop, receiver);
      const value: unknown = Reflect.get(s.tx, prop, s.tx);
      return typeof value === 'function' ? value.bind(s.tx) : value;
    },
  });
}

/**
 * Runs `fn` in one transaction that every query through a `transactionAware` db joins; then runs
 * what `afterCommit` deferred. Throwing rolls everything back.
 */
export async function inRequestTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const s: Scope = { tx: undefined, open: true, afterCommit: [] };
  let result: T;
  try {
    result = await db.transaction((tx) => {
      s.tx = tx;
      return scope.run(s, () => fn(tx));
    });
  } finally {
    s.open = false;
  }
  for (const run of s.afterCommit) run();
  return result;
}

/**
 * Runs `run` once the request transaction committed (never if it rolls back), or now when there is
 * none. For effects outside the database that others must only see once the change is real: this
 * process's caches, for instance, would otherwise reload the old rows and keep them.
 */
export function afterCommit(run: () => void) {
  const s = scope.getStore();
  if (s?.open) s.afterCommit.push(run);
  else run();
}

/**
 * Runs `fn` outside any request transaction: what it writes stays even if the request's change
 * rolls back (a refused call's audit entry, a counted password try).
 */
export function outsideRequestTransaction<T>(fn: () => T): T {
  return scope.exit(fn);
}
