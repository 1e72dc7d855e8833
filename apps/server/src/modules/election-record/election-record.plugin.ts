import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queueOpeningNotices } from './election-notices.ts';
import * as q from './election-record.queries.ts';
import { settleElection, type Settled } from './settle.ts';

/**
 * What a route needs settled before its handler runs (settle.ts):
 * - 'election': the election named by its `:id`;
 * - 'opening': the same, but only up to its opening (the vote and the eligibility read: the vote
 *   statement refuses a closed election by itself), so a vote pays nothing once the roll is frozen;
 * - 'due': every election that is due (the lists of elections).
 */
export type Settles = 'election' | 'opening' | 'due';

export interface ElectionRecordKeeper {
  /** Freezes the roll or closes the record of this election if the clock says so (idempotent). */
  settle(electionId: string): Promise<Settled>;
  /** The same for every election that is due (the list routes). */
  settleDue(): Promise<void>;
  /** The background tick: `settleDue`, then the notices that voting opened (election-notices.ts). */
  tick(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    electionRecord: ElectionRecordKeeper;
  }
  interface FastifyContextConfig {
    /** The election work this route needs done first (election-record.plugin.ts): never written out in a handler. */
    settles?: Settles;
  }
}

/**
 * The voter roll and the election record kept up with the clock, through one entry point
 * (settleElection): before the handler of every route that declares `settles`, and by a tick
 * (config.electionRecordTickMs, 10 s) for the elections nobody looks at, which the background
 * jobs run in one process (jobs/jobs.plugin.ts). Handlers and services never call it.
 * Must be registered before the routes (it adds its hook as they are added).
 */
export default fp(async function electionRecordPlugin(app: FastifyInstance) {
  // A roll never unfreezes and a closed record never reopens: what this process saw committed
  // (the hook runs outside any request transaction) need not be asked again.
  const opened = new Set<string>();
  const closed = new Set<string>();
  const settle = async (electionId: string): Promise<Settled> => {
    if (closed.has(electionId)) return { found: true, frozen: true, closed: true };
    const s = await settleElection(app.directDb, electionId, app.clock());
    if (s.frozen) opened.add(electionId);
    if (s.closed) closed.add(electionId);
    return s;
  };
  const settleDue = async () => {
    for (const id of await q.dueElectionIds(app.directDb, app.clock())) await settle(id);
  };
  const tick = async () => {
    await settleDue();
    const queued = await queueOpeningNotices(app.directDb, app.config, app.clock());
    if (queued > 0) app.log.info({ queued }, 'notices that voting opened queued');
  };
  app.decorate('electionRecord', { settle, settleDue, tick });

  app.addHook('onRoute', (route) => {
    const settles = route.config?.settles;
    if (!settles) return;
    const settleFirst = async (request: FastifyRequest) => {
      if (settles === 'due') return settleDue();
      const { id } = request.params as { id: string };
      if (settles === 'opening' && opened.has(id)) return;
      await settle(id);
    };
    route.preHandler = [settleFirst, ...[route.preHandler ?? []].flat()] as typeof route.preHandler;
  });
});
