import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { LiveResults } from './live-results.ts';
import { resultsCache, type CachedResults } from './results-cache.ts';
import { announceVotes, loadTallies, saveTallyBatch } from './results.queries.ts';
import { groupResults } from './results.service.ts';
import { batchedResults } from './public-tallies.ts';
import { TallyBatches } from './tally-batches.ts';
import { findSessionByTokenHash } from '../auth/session.queries.ts';
import { seesLiveCounts } from './live-viewer.ts';
import { VoteAnnouncer } from './vote-announcer.ts';
import { liveResultsSocket } from './results.ws.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveResults: LiveResults;
  }
}

/**
 * Live results for this process: the results cache and the rooms of the /ws socket, told about
 * votes and election changes made by any process through the domain events (one LISTEN
 * connection per process, plugins/domain-events.ts; registered before this plugin).
 */
export default fp(async function liveResultsPlugin(app: FastifyInstance) {
  const load = async (electionId: string): Promise<CachedResults> => {
    const { meta, tallies } = await loadTallies(app.directPool, electionId);
    const results = groupResults(tallies);
    const publicResults = batchedResults(results, meta?.batch_counts ?? null);
    const answer = (r: typeof results) => (meta ? JSON.stringify({ success: true, election_id: meta.id, results_published: meta.results_published, results: r }) : null);
    return { meta, results, body: answer(results), publicResults, publicBody: answer(publicResults) };
  };
  const cache = resultsCache(load);
  const announcer = new VoteAnnouncer(
    (electionId) => announceVotes(app.directDb, electionId),
    app.log,
  );
  let live: LiveResults | undefined;
  const batches = new TallyBatches(
    cache,
    (electionId, counts, cutAt, previousCutAt) => saveTallyBatch(app.directDb, electionId, counts, cutAt, previousCutAt),
    app.clock,
    app.config.liveTally,
    (electionId) => live?.electionChanged(electionId),
  );
  live = new LiveResults(cache, app.clock, app.log, (electionId) => announcer.voteCommitted(electionId), {
    batches,
    sessionCheckMs: app.config.liveSessionCheckMs,
    // The same lookup as every HTTP request (revocation, expiry and any idle rule included).
    checkSession: async (tokenHash) => {
      const row = await findSessionByTokenHash(app.db, tokenHash, app.clock(), app.config.sessionIdleMs, { countsAsActivity: false });
      return row ? { electoral: await seesLiveCounts(app.db, row) } : null;
    },
  });
  app.decorate('liveResults', live);

  app.domainEvents.on('vote.cast', ({ electionId }) => live.voteRecorded(electionId));
  app.domainEvents.on('election.changed', ({ electionId }) => live.electionChanged(electionId));
  // Without LISTEN, votes and changes of other processes go unheard: no cache (every read goes to
  // the database); once it is back, anything may have been missed, so every room is refreshed.
  app.domainEvents.onConnection((connected) => {
    cache.enabled = connected;
    if (connected) live.resync();
  });
  app.addHook('onReady', async () => {
    live.start();
  });
  app.addHook('onClose', async () => {
    await announcer.flush();
    live.stop();
  });

  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(liveResultsSocket);
});
