import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@aesa/shared/messages';
import { POSITIONS } from '@aesa/shared/constants';
import { addCandidate, createElection, fastVoters } from '../test/support/elections.ts';
import { createMember, PASSWORD } from '../test/support/factories.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { listenForStrangers, rawRequest, strangerAddress } from './support/stranger.ts';

// A sign-in storm from one address on the network (a campus NAT): far more password checks than
// the pool can run. The per-address limits are lifted for that address, so what answers is the
// pool's own rule: sign-ins that would wait over the allowed time are turned away at once with
// 503 and Retry-After, none fails, and votes and the elections page keep answering quickly meanwhile,
// because the checks run off the event loop.

const MAX_WAIT_MS = 3000; // SIGN_IN_QUEUE_SECONDS' default
const t = useTestApp({ rateLimitAllow: [strangerAddress()], passwordPool: { size: 1, maxWaitMs: MAX_WAIT_MS } });
const server = listenForStrangers(t);

describe('a sign-in storm', () => {
  it('turns away what would wait too long (503, Retry-After, the shared message), fails none, and does not hold up votes or the elections page', async () => {
    const member = await createMember(t.app);
    const election = await createElection(t.app);
    const [candidate] = await fastVoters(t.app, 1, { name: 'Candidate' });
    await addCandidate(t.app, election.id, candidate!.user.id, POSITIONS[0]);
    const [voter] = await fastVoters(t.app, 1);

    const FLOOD = 200;
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      rawRequest(server.port, {
        method: 'POST',
        path: '/api/auth/token',
        // Mostly accounts that do not exist (a check against the dummy hash, as much work) and a
        // real one now and then; every one a different account, so no lockout answers first.
        body: i % 10 === 0 ? { matric_number: member.matric_number, password: PASSWORD } : { matric_number: `STORM${i}`, password: 'not-the-password' },
      }),
    );
    await new Promise((r) => setTimeout(r, 200)); // the queue is full by now

    const timed = async (req: Parameters<typeof rawRequest>[1]) => {
      const started = performance.now();
      const res = await rawRequest(server.port, req);
      return { res, ms: performance.now() - started };
    };
    const results = await timed({ path: '/api/voting/elections/active' }); // what the elections page loads
    const vote = await timed({
      method: 'POST',
      path: `/api/voting/elections/${election.id}/vote`,
      headers: voter!.headers,
      body: { candidate_id: (await t.app.db.query.candidates.findFirst())!.id, position: POSITIONS[0] },
    });
    const answers = await Promise.all(flood);

    expect(results.res.status).toBe(200);
    expect(vote.res.status, vote.res.body).toBe(200);
    expect(results.ms, 'the elections list during the storm').toBeLessThan(MAX_WAIT_MS);
    expect(vote.ms, 'a vote during the storm').toBeLessThan(MAX_WAIT_MS);

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    // Answered on their merits (200 for the real member, 401 for the others) or turned away: nothing else.
    expect([...byStatus.keys()].filter((s) => s !== 200 && s !== 401 && s !== 503), JSON.stringify([...byStatus])).toEqual([]);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length, 'sign-ins turned away').toBeGreaterThan(FLOOD / 4);
    expect(byStatus.get(401) ?? 0, 'sign-ins checked').toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.json()).toEqual({ success: false, error: SERVER_MSG.signInBusy, code: 'AUTH_SIGN_IN_BUSY' });
      expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    // The queue drains: the member signs in.
    const after = await rawRequest(server.port, { method: 'POST', path: '/api/auth/token', body: { matric_number: member.matric_number, password: PASSWORD } });
    expect(after.status).toBe(200);
  });
});
