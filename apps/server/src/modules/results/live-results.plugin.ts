import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { LiveResults } from './live-results.ts';
import { startNotificationListener } from './notification-listener.ts';
import { ResultsCache, type CachedResults } from './results-cache.ts';
import { ELECTIONS_CHANNEL, loadTallies, saveTallyBatch, VOTES_CHANNEL } from './results.queries.ts';
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
 * Live results for this process: the results cache, the rooms of the /ws socket, and the LISTEN
 * connection that tells every process about votes and election changes made by any process.
 * The connection starts when the app is ready and ends with it.
 */
export default fp(async function liveResultsPlugin(app: FastifyInstance) {
  const load = async (electionId: string): Promise<CachedResults> => {
    const { meta, tallies } = await loadTallies(app.database.pool, electionId);
    const results = groupResults(tallies);
    const publicResults = batchedResults(results, meta?.batch_counts ?? null);
    const answer = (r: typeof results) => (meta ? JSON.stringify({ success: true, election_id: meta.id, results_published: meta.results_published, results: r }) : null);
    return { meta, results, body: answer(results), publicResults, publicBody: answer(publicResults) };
  };
  const cache = new ResultsCache(load);
  const announcer = new VoteAnnouncer(
    (electionId) => app.database.pool.query({ name: 'announce-votes', text: `select pg_notify('${VOTES_CHANNEL}', $1)`, values: [electionId] }),
    app.log,
  );
  let live: LiveResults | undefined;
  const batches = new TallyBatches(
    cache,
    (electionId, counts, cutAt, previousCutAt) => saveTallyBatch(app.database.pool, electionId, counts, cutAt, previousCutAt),
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

  let listener: ReturnType<typeof startNotificationListener> | undefined;
  app.addHook('onReady', async () => {
    live.start();
    listener = startNotificationListener({
      url: app.database.url,
      channels: [VOTES_CHANNEL, ELECTIONS_CHANNEL],
      onNotify: (channel, electionId) => (channel === VOTES_CHANNEL ? live.voteRecorded(electionId) : live.electionChanged(electionId)),
      onState: (connected) => {
        cache.enabled = connected;
        if (connected) live.resync();
        else cache.clear();
      },
      log: app.log,
    });
    await listener.started;
  });
  app.addHook('onClose', async () => {
    await announcer.flush();
    live.stop();
    await listener?.stop();
  });

  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(liveResultsSocket);
});
