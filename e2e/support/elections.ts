import { type APIRequestContext, expect } from '@playwright/test';
import { asRead } from './admin.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * When an election's window lies: voting opens in a day (upcoming), opened an hour ago and
 * closes in a day (open), or closed yesterday (ended).
 */
export type ElectionPhase = 'upcoming' | 'open' | 'ended';

const HOUR = 3600_000;
const WINDOWS: Record<ElectionPhase, [number, number]> = {
  upcoming: [24 * HOUR, 48 * HOUR],
  open: [-HOUR, 24 * HOUR],
  ended: [-48 * HOUR, -24 * HOUR],
};

export interface CandidateSpec {
  userId: string;
  position: string;
  manifesto?: string;
}

/**
 * An election at the given phase with its candidates, made through the API by an electoral admin.
 * Candidates can only be added before voting opens: an open or ended election is made switched
 * off (it does not open), given its candidates, then switched on.
 */
export async function createElection(
  request: APIRequestContext,
  adminToken: string,
  o: { title: string; description?: string; phase?: ElectionPhase; candidates: CandidateSpec[]; publishResults?: boolean },
): Promise<{ id: string; candidateIds: string[] }> {
  const phase = o.phase ?? 'open';
  const [start, end] = WINDOWS[phase];
  const now = Date.now();
  const { election } = await ok<{ election: { id: string } }>(
    await request.post('/api/elections', {
      headers: auth(adminToken),
      data: {
        title: o.title,
        description: o.description ?? null,
        start_time: new Date(now + start).toISOString(),
        end_time: new Date(now + end).toISOString(),
        is_active: phase === 'upcoming',
      },
    }),
  );
  const candidateIds: string[] = [];
  for (const c of o.candidates) {
    const { candidate } = await ok<{ candidate: { id: string } }>(
      await request.post(`/api/elections/${election.id}/candidates`, {
        headers: auth(adminToken),
        data: { user_id: c.userId, position: c.position, manifesto: c.manifesto ?? null },
      }),
    );
    candidateIds.push(candidate.id);
  }
  if (phase !== 'upcoming') {
    await ok(await request.patch(`/api/elections/${election.id}`, { headers: await asRead(request, `/api/elections/${election.id}`, adminToken), data: { is_active: true } }));
  }
  if (o.publishResults) await ok(await request.post(`/api/elections/${election.id}/publish-results`, { headers: auth(adminToken) }));
  return { id: election.id, candidateIds };
}

/** A vote cast through the API, as the voting page casts it. */
export async function castVote(request: APIRequestContext, token: string, electionId: string, vote: { candidateId: string; position: string }) {
  await ok(
    await request.post(`/api/voting/elections/${electionId}/vote`, {
      headers: auth(token),
      data: { candidate_id: vote.candidateId, position: vote.position },
    }),
  );
}
