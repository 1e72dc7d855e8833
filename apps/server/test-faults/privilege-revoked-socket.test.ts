import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PositionResult, WsServerMessage } from '@aesa/shared/elections';
import { adminUsers } from '../src/db/schema.ts';
import { SESSION_ENDED_CLOSE } from '../src/modules/results/socket-sessions.ts';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';
import { createMember, signedInAdmin, signedInMember } from '../test/support/factories.ts';
import { addCandidate, createElection, fastVoters, listen, openSocket, type TestSocket } from '../test/support/elections.ts';

// A live results socket holds a session: an electoral admin's socket receives unpublished live
// tallies. When that session ends (logout, revocation, expiry) or loses the right, the next vote
// must not reach it, and a socket whose session ended is closed within a bounded time. A
// member's socket never receives the live counts of an open election, only batches.

// The app of most tests re-checks idle sockets only every minute, so what they see comes from
// the re-check made before live counts leave; the expiry test uses a second app that re-checks
// every SESSION_CHECK_MS.
const SESSION_CHECK_MS = 500;
let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({ liveSessionCheckMs: 60_000, liveTally: { batchMs: 10_000, minVotes: 3 } });
  base = await listen(t.app); // real TCP: the `ws` client below is a real WebSocket client
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

type Update = Extract<WsServerMessage, { event: 'vote-update' }>;
const total = (results: PositionResult[]) => results.flatMap((p) => p.candidates).reduce((n, c) => n + c.votes, 0);
const updates = (s: TestSocket) => s.messages.filter((m): m is Update & { at: number } => m.event === 'vote-update');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closed = (s: TestSocket, withinMs: number) =>
  new Promise<number>((resolve, reject) => {
    if (s.ws.readyState === s.ws.CLOSED) return reject(new Error('closed before the check began'));
    const timer = setTimeout(() => reject(new Error(`socket still open after ${withinMs} ms`)), withinMs);
    s.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

async function unpublishedElection(app = t) {
  const e = await createElection(app.app); // open now; results not published: only electoral admins see tallies
  const candidate = await addCandidate(app.app, e.id, (await createMember(app.app)).id, 'President');
  return { e, candidate };
}
const vote = async (electionId: string, headers: Record<string, string>, candidateId: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/voting/elections/${electionId}/vote`, headers, payload: { candidate_id: candidateId, position: 'President' } });
  expect(res.statusCode).toBe(200);
};
async function adminSocket(electionId: string, token: string, url = base) {
  const s = await openSocket(url);
  sockets.push(s);
  s.send({ event: 'join-election-room', electionId, token });
  await s.waitFor((m) => m.event === 'joined');
  return s;
}

describe('a live results socket whose session ends', () => {
  it('logout: the next vote does not reach the socket with live counts, and the socket is closed at once', async () => {
    const { e, candidate } = await unpublishedElection();
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const s = await adminSocket(e.id, admin.token);
    const [v1, v2] = await fastVoters(t.app, 2);

    await vote(e.id, v1!.headers, candidate.id);
    await s.waitFor((m) => m.event === 'vote-update' && total(m.results) === 1); // the live view works

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: admin.headers });
    expect(logout.statusCode).toBe(200);
    const closing = closed(s, 3000);
    await vote(e.id, v2!.headers, candidate.id);
    expect(await closing).toBe(SESSION_ENDED_CLOSE);
    await sleep(300);
    expect(updates(s).some((u) => total(u.results) >= 2), JSON.stringify(s.messages)).toBe(false);
  });

  it('expiry without any vote: the periodic check closes the socket within a bounded time', async () => {
    const quick = await createTestApp({ liveSessionCheckMs: SESSION_CHECK_MS });
    try {
      const { e } = await unpublishedElection(quick);
      const admin = await signedInAdmin(quick.app, ['is_electoral_admin']);
      const s = await adminSocket(e.id, admin.token, await listen(quick.app));
      await sleep(SESSION_CHECK_MS * 2);
      expect(s.ws.readyState).toBe(s.ws.OPEN); // a live session is left alone
      quick.clock.advance(25 * 3600_000); // past the absolute session lifetime
      expect(await closed(s, SESSION_CHECK_MS * 2 + 1500)).toBe(SESSION_ENDED_CLOSE);
      expect(s.messages.at(-1)).toMatchObject({ event: 'error' });
    } finally {
      await quick.close();
    }
  });

  it('rights withdrawn: the socket stays open but sees no more unpublished counts', async () => {
    const { e, candidate } = await unpublishedElection();
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const s = await adminSocket(e.id, admin.token);
    const [v1, v2] = await fastVoters(t.app, 2);
    await vote(e.id, v1!.headers, candidate.id);
    await s.waitFor((m) => m.event === 'vote-update' && total(m.results) === 1);
    await t.app.db.delete(adminUsers).where(eq(adminUsers.user_id, admin.user.id));
    await vote(e.id, v2!.headers, candidate.id);
    await sleep(SESSION_CHECK_MS * 2 + 500);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    expect(updates(s).some((u) => total(u.results) >= 2), JSON.stringify(s.messages)).toBe(false);
  });

  it("a member's socket never receives the live counts of an open election, only a batch of at least 3 votes", async () => {
    const e = await createElection(t.app, { results_published: true });
    const candidate = await addCandidate(t.app, e.id, (await createMember(t.app)).id, 'President');
    const member = await signedInMember(t.app);
    const s = await adminSocket(e.id, member.token); // a member's token: a public view
    const voters = await fastVoters(t.app, 3);
    await vote(e.id, voters[0]!.headers, candidate.id);
    await vote(e.id, voters[1]!.headers, candidate.id);
    await sleep(1500); // beyond the 1 s sweep and several coalescing windows
    expect(updates(s), JSON.stringify(s.messages)).toEqual([]);
    await vote(e.id, voters[2]!.headers, candidate.id);
    await s.waitFor((m) => m.event === 'vote-update' && total(m.results) === 3, 3000);
    expect(updates(s).map((u) => total(u.results))).toEqual([3]);
  });
});
