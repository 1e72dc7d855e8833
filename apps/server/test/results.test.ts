import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELECTION_MSG, type PositionResult, type WsServerMessage } from '@aesa/shared/elections';
import { currentVersion } from './support/current-version.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from './support/factories.ts';
import { addCandidate, createElection, fastVoters, listen, openSocket, startSecondApp, type TestSocket } from './support/elections.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
let base: string;
let electoral: Awaited<ReturnType<typeof signedInAdmin>>;
let superAdmin: Awaited<ReturnType<typeof signedInAdmin>>;
let otherAdmin: Awaited<ReturnType<typeof signedInAdmin>>;
let member: Awaited<ReturnType<typeof signedInMember>>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  electoral = await signedInAdmin(t.app, ['is_electoral_admin']);
  superAdmin = await signedInAdmin(t.app, ['is_super_admin']);
  otherAdmin = await signedInAdmin(t.app, ['is_data_admin']);
  member = await signedInMember(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t.close();
});

const socket = async (url = base, origin?: string) => {
  const s = await openSocket(url, origin ?? url);
  sockets.push(s);
  return s;
};
const results = (app: TestApp['app'], id: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/voting/elections/${id}/results`, headers });
const vote = (app: TestApp['app'], electionId: string, headers: Record<string, string>, candidate_id: string, position = 'President') =>
  app.inject({ method: 'POST', url: `/api/voting/elections/${electionId}/vote`, headers, payload: { candidate_id, position } });
const votesOf = (r: PositionResult[], candidateId: string) => r.flatMap((p) => p.candidates).find((c) => c.candidate_id === candidateId)?.votes;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitUntil = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
};

async function election(o: Parameters<typeof createElection>[1] = {}) {
  const e = await createElection(t.app, o);
  const president1 = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Ifeoma Chukwu' })).id, 'President');
  const president2 = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Emeka Nnamdi' })).id, 'President');
  const pro = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Halima Musa' })).id, 'Public Relations Officer');
  const vp = await addCandidate(t.app, e.id, (await createMember(t.app, { name: 'Kunle Ajayi' })).id, 'Vice President');
  return { e, president1, president2, pro, vp };
}

describe('results over HTTP', () => {
  it('before publication only electoral admins (and super admins) read them; after, everyone', async () => {
    const { e } = await election();
    for (const headers of [{}, member.headers, otherAdmin.headers]) {
      const res = await results(t.app, e.id, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusal(ELECTION_MSG.resultsNotPublished, 'ELECTION_RESULTS_NOT_PUBLISHED'));
    }
    for (const who of [electoral, superAdmin]) expect((await results(t.app, e.id, who.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/elections/${e.id}/publish-results`, headers: electoral.headers, payload: {} })).statusCode).toBe(200);
    for (const headers of [{}, member.headers, otherAdmin.headers, electoral.headers]) {
      const res = await results(t.app, e.id, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().results_published).toBe(true);
    }
  });

  it('answers positions in voting order, candidates by votes, only positions with candidates', async () => {
    const { e, president1, president2, pro, vp } = await election();
    const voters = await fastVoters(t.app, 3);
    for (const v of voters) expect((await vote(t.app, e.id, v.headers, president2.id)).statusCode).toBe(200);
    expect((await vote(t.app, e.id, voters[0]!.headers, vp.id, 'Vice President')).statusCode).toBe(200);
    const res = await results(t.app, e.id, electoral.headers);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      election_id: e.id,
      results_published: false,
      results: [
        {
          position: 'President',
          candidates: [
            { candidate_id: president2.id, candidate_name: 'Emeka Nnamdi', votes: 3 },
            { candidate_id: president1.id, candidate_name: 'Ifeoma Chukwu', votes: 0 },
          ],
        },
        { position: 'Vice President', candidates: [{ candidate_id: vp.id, candidate_name: 'Kunle Ajayi', votes: 1 }] },
        { position: 'Public Relations Officer', candidates: [{ candidate_id: pro.id, candidate_name: 'Halima Musa', votes: 0 }] },
      ],
    });
    // Nothing in the results says who voted.
    for (const v of voters) expect(res.body).not.toContain(v.user.id);
  });

  it('404 for unknown, malformed and (for non-admins) hidden elections', async () => {
    const hidden = await createElection(t.app, { is_publicly_visible: false, results_published: true });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) expect((await results(t.app, id)).statusCode).toBe(404);
    expect((await results(t.app, hidden.id, member.headers)).statusCode).toBe(404);
    expect((await results(t.app, hidden.id, electoral.headers)).statusCode).toBe(200);
  });

  it('a vote or publication in one process is seen at once by the cached results of another', async () => {
    const { e, president1 } = await election({ results_published: true });
    const other = await startSecondApp(t);
    try {
      // The live counts (an electoral admin's view; public readers get batches while voting is open).
      expect(votesOf((await results(other.app, e.id, electoral.headers)).json().results, president1.id)).toBe(0); // now cached in B
      const [voter] = await fastVoters(t.app, 1);
      expect((await vote(t.app, e.id, voter!.headers, president1.id)).statusCode).toBe(200);
      // A's own cache is right immediately; B's as soon as the NOTIFY arrives.
      expect(votesOf((await results(t.app, e.id, electoral.headers)).json().results, president1.id)).toBe(1);
      await waitUntil(async () => votesOf((await results(other.app, e.id, electoral.headers)).json().results, president1.id) === 1, 2000);

      const unpublished = await election();
      expect((await results(other.app, unpublished.e.id)).statusCode).toBe(403); // cached as unpublished in B
      await t.app.inject({ method: 'POST', url: `/api/elections/${unpublished.e.id}/publish-results`, headers: electoral.headers, payload: {} });
      await waitUntil(async () => (await results(other.app, unpublished.e.id)).statusCode === 200, 2000);
    } finally {
      await other.close();
    }
  });
});

describe('live results socket: who may connect', () => {
  it('refuses a foreign or missing Origin with 403 and accepts the site itself', async () => {
    for (const origin of ['http://evil.example', 'https://portal.test.evil.example', 'null']) {
      await expect(openSocket(base, origin)).rejects.toMatchObject({ statusCode: 403 });
    }
    await expect(openSocket(base, '')).rejects.toMatchObject({ statusCode: 403 });
    const sameHost = await socket(base, base);
    const publicOrigin = await socket(base, 'http://portal.test'); // PUBLIC_URL's origin
    expect(sameHost.ws.readyState).toBe(sameHost.ws.OPEN);
    expect(publicOrigin.ws.readyState).toBe(publicOrigin.ws.OPEN);
  });

  it('joins visible elections; hidden ones only with an electoral admin token; bad messages get an error event', async () => {
    const visible = await createElection(t.app);
    const hidden = await createElection(t.app, { is_publicly_visible: false });
    const s = await socket();
    s.send({ event: 'join-election-room', electionId: visible.id });
    expect(await s.waitFor((m) => m.event === 'joined')).toEqual({ event: 'joined', electionId: visible.id, status: 'active', results_published: false, at: expect.any(Number) });

    s.send({ event: 'join-election-room', electionId: hidden.id, token: member.token });
    expect(await s.waitFor((m) => m.event === 'error')).toMatchObject({ error: ELECTION_MSG.electionNotFound });
    s.messages.length = 0;
    s.send({ event: 'join-election-room', electionId: hidden.id, token: electoral.token });
    expect(await s.waitFor((m) => m.event === 'joined')).toMatchObject({ electionId: hidden.id });

    s.messages.length = 0;
    s.ws.send('not json');
    expect(await s.waitFor((m) => m.event === 'error')).toMatchObject({ error: 'Messages must be JSON' });
    s.messages.length = 0;
    s.send({ event: 'join-election-room', electionId: 'nope' });
    expect(await s.waitFor((m) => m.event === 'error')).toMatchObject({ error: ELECTION_MSG.electionNotFound });
  });
});

describe('live results socket: updates', () => {
  it('TWO app instances on one database: a vote cast through A reaches a socket joined on B', async () => {
    const { e, president1 } = await election();
    const b = await startSecondApp(t);
    try {
      const baseB = await listen(b.app);
      const s = await socket(baseB);
      s.send({ event: 'join-election-room', electionId: e.id, token: electoral.token });
      await s.waitFor((m) => m.event === 'joined');
      const [voter] = await fastVoters(t.app, 1);
      expect((await vote(t.app, e.id, voter!.headers, president1.id)).statusCode).toBe(200); // through A
      const update = (await s.waitFor((m) => m.event === 'vote-update' && votesOf(m.results, president1.id) === 1, 3000)) as Extract<WsServerMessage, { event: 'vote-update' }>;
      expect(update.electionId).toBe(e.id);
      expect(update.results[0]).toEqual({
        position: 'President',
        candidates: [
          { candidate_id: president1.id, candidate_name: 'Ifeoma Chukwu', votes: 1 },
          { candidate_id: expect.any(String), candidate_name: 'Emeka Nnamdi', votes: 0 },
        ],
      });
    } finally {
      await b.close();
    }
  });

  it('never pushes unpublished tallies to non-admins; after publication they get the status change and batches', async () => {
    const { e, president1, president2 } = await election();
    const admin = await socket();
    const visitor = await socket();
    const signedIn = await socket();
    admin.send({ event: 'join-election-room', electionId: e.id, token: superAdmin.token });
    visitor.send({ event: 'join-election-room', electionId: e.id });
    signedIn.send({ event: 'join-election-room', electionId: e.id, token: member.token });
    for (const s of [admin, visitor, signedIn]) await s.waitFor((m) => m.event === 'joined');

    const [v1, v2, v3] = await fastVoters(t.app, 3);
    await vote(t.app, e.id, v1!.headers, president1.id);
    await admin.waitFor((m) => m.event === 'vote-update');
    await sleep(400); // beyond a coalescing window: had anything been sent to the others, it would be here
    for (const s of [visitor, signedIn]) expect(s.messages.filter((m) => m.event !== 'joined')).toEqual([]);

    await t.app.inject({ method: 'POST', url: `/api/elections/${e.id}/publish-results`, headers: electoral.headers, payload: {} });
    for (const s of [admin, visitor, signedIn]) {
      expect(await s.waitFor((m) => m.event === 'election-status-change')).toMatchObject({ electionId: e.id, status: 'active', results_published: true });
    }
    // While voting is open they see batches: the first once a position has 3 votes (live-tally-batches.test.ts).
    await vote(t.app, e.id, v2!.headers, president2.id);
    await vote(t.app, e.id, v3!.headers, president2.id);
    for (const s of [visitor, signedIn]) await s.waitFor((m) => m.event === 'vote-update' && votesOf(m.results, president2.id) === 2 && votesOf(m.results, president1.id) === 1, 3000);
  });

  it('announces the opening and the end of voting by the server clock', async () => {
    const now = t.clock().getTime();
    const e = await createElection(t.app, { start_time: new Date(now + 3600_000), end_time: new Date(now + 7200_000) });
    const s = await socket();
    s.send({ event: 'join-election-room', electionId: e.id });
    expect(await s.waitFor((m) => m.event === 'joined')).toMatchObject({ status: 'upcoming' });
    try {
      t.clock.set(new Date(now + 3600_000));
      expect(await s.waitFor((m) => m.event === 'election-status-change' && m.status === 'active', 3000)).toMatchObject({ electionId: e.id, results_published: false });
      t.clock.set(new Date(now + 7200_001));
      expect(await s.waitFor((m) => m.event === 'election-status-change' && m.status === 'ended', 3000)).toMatchObject({ electionId: e.id });
    } finally {
      t.clock.set(new Date(now));
    }
  });

  it('tells the room when the election is deleted', async () => {
    // Deleted before voting opens (once it opened, it is archived instead).
    const { e } = await election({ start_time: new Date(t.clock().getTime() + 3600_000), end_time: new Date(t.clock().getTime() + 7200_000) });
    const s = await socket();
    s.send({ event: 'join-election-room', electionId: e.id });
    await s.waitFor((m) => m.event === 'joined');
    await t.app.inject({ method: 'DELETE', url: `/api/elections/${e.id}`, headers: { ...electoral.headers, ...(await currentVersion(t.app, `/api/elections/${e.id}`)) } });
    expect(await s.waitFor((m) => m.event === 'election-status-change')).toMatchObject({ electionId: e.id, status: 'deleted', results_published: false });
  });

  it('coalesces: 100 quick votes give at most about 2 vote-updates per 500 ms, the last one complete', async () => {
    const { e, president1, president2 } = await election({ results_published: true });
    const voters = await fastVoters(t.app, 100);
    const s = await socket();
    s.send({ event: 'join-election-room', electionId: e.id, token: electoral.token }); // the live view
    await s.waitFor((m) => m.event === 'joined');
    // Record when the server sends each vote-update of this election (exact, unlike arrival times
    // at a client in this busy test process).
    const sentAt: number[] = [];
    for (const client of t.app.websocketServer.clients) {
      const send = client.send.bind(client);
      client.send = ((data: string, ...rest: unknown[]) => {
        if (String(data).includes('"vote-update"') && String(data).includes(e.id)) sentAt.push(Date.now());
        return (send as (...a: unknown[]) => void)(data, ...rest);
      }) as typeof client.send;
    }
    // A steady stream, one vote every 10 ms for about a second, spread over two candidates.
    const started = Date.now();
    const pending: Promise<unknown>[] = [];
    for (const [i, v] of voters.entries()) {
      pending.push(vote(t.app, e.id, v.headers, (i % 4 ? president1 : president2).id));
      await sleep(10);
    }
    await Promise.all(pending);
    const castMs = Date.now() - started;
    const last = await s.waitFor((m) => m.event === 'vote-update' && votesOf(m.results, president1.id) === 75 && votesOf(m.results, president2.id) === 25, 3000);
    await sleep(300);
    const updates = s.messages.filter((m) => m.event === 'vote-update');
    expect(updates.at(-1)).toEqual(last);
    expect(updates).toHaveLength(sentAt.length);
    // The server sends at most one update per 250 ms window: at most 2 in any 500 ms.
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(248);
    // At the client (arrival times jitter under load), still far from one update per vote.
    for (let i = 2; i < updates.length; i++) expect(updates[i]!.at - updates[i - 2]!.at).toBeGreaterThanOrEqual(250);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil((castMs + 600) / 250) + 1);
  });

  it('keeps working after the LISTEN connection is cut: it reconnects and updates flow again', async () => {
    const { e, president1 } = await election({ results_published: true });
    const b = await startSecondApp(t);
    try {
      const baseB = await listen(b.app);
      const s = await socket(baseB);
      s.send({ event: 'join-election-room', electionId: e.id, token: electoral.token }); // the live view
      await s.waitFor((m) => m.event === 'joined');
      // Cut every LISTEN connection (the domain events') to this database (A's and B's).
      const { rowCount } = await t.database.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'aesa-domain-events' and datname = current_database()`,
      );
      expect(rowCount).toBeGreaterThanOrEqual(2);
      // While B is disconnected its cache is off, so its HTTP reads stay right.
      const [v1, v2] = await fastVoters(t.app, 2);
      await vote(t.app, e.id, v1!.headers, president1.id);
      expect(votesOf((await results(b.app, e.id, electoral.headers)).json().results, president1.id)).toBe(1);
      // After reconnecting (250 ms backoff) B hears A's votes again.
      await waitUntil(async () => {
        const { rows } = await t.database.pool.query(`select count(*)::int as n from pg_stat_activity where application_name = 'aesa-domain-events' and datname = current_database() and query like 'LISTEN%'`);
        return rows[0].n >= 2;
      }, 5000);
      await vote(t.app, e.id, v2!.headers, president1.id);
      await s.waitFor((m) => m.event === 'vote-update' && votesOf(m.results, president1.id) === 2, 3000);
    } finally {
      await b.close();
    }
  });
});
