import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as q from './election-record.queries.ts';
import { settleElection } from './settle.ts';

export interface ElectionRecordKeeper {
  /** Freezes the roll or closes the record of this election if the clock says so (idempotent). */
  settle(electionId: string): Promise<{ found: boolean; frozen: boolean; closed: boolean }>;
  /** The same for every election that is due (the elections page reads, the tick). */
  settleDue(): Promise<void>;
  /** Before a vote: the roll must be frozen once voting has started. Known-frozen elections cost nothing. */
  ensureOpened(electionId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    electionRecord: ElectionRecordKeeper;
  }
}

/**
 * The voter roll and the election record kept up with the clock: at the first moment anything
 * needs it, and by a tick (config.electionRecordTickMs, 10 s) for the elections nobody looks at,
 * which the background jobs run in one process (jobs/jobs.plugin.ts).
 */
export default fp(async function electionRecordPlugin(app: FastifyInstance) {
  // A roll never unfreezes: once this process saw it frozen, a vote need not ask again.
  const frozen = new Set<string>();
  const settle = (electionId: string) => settleElection(app.db, electionId, app.clock());
  const settleDue = async () => {
    for (const id of await q.dueElectionIds(app.db, app.clock())) await settle(id);
  };
  app.decorate('electionRecord', {
    settle,
    settleDue,
    // Only here is the set filled: a vote runs outside any request transaction, so what it saw
    // frozen is committed (an admin write's settle could still roll back).
    ensureOpened: async (electionId: string) => {
      if (frozen.has(electionId)) return;
      if ((await settle(electionId)).frozen) frozen.add(electionId);
    },
  });
});
