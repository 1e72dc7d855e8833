import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type APIRequestContext, expect } from '@playwright/test';
import { newMember } from './factories.ts';
import type { Member } from './flows.ts';

const run = promisify(execFile);

export interface Session {
  token: string;
  user: { id: string; name: string };
}

/**
 * An account made with the operator's command (`npm run create-admin`), with a display name.
 * Candidates need distinct names but never log in, and this path sends no sign-up mail (the
 * sign-up route is rate limited per client address, and the whole run shares one). Such an
 * account is a super admin, which a candidate card never shows.
 */
export async function createNamedAccount(name: string): Promise<Member> {
  const account = newMember({ password: 'account-pass-123' });
  await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', account.email, '--matric', account.matric, '--password', account.password, '--name', name],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SEED_DEMO: 'false', LOG_LEVEL: 'warn' } },
  );
  return account;
}

export async function apiLogin(request: APIRequestContext, member: Member): Promise<Session> {
  const res = await request.post('/api/auth/token', { data: { matric_number: member.matric, password: member.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Session;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()} ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** What the Data admin's Verify toggle does: the member's role becomes verified (they may vote). */
export async function verifyMember(request: APIRequestContext, adminToken: string, matric: string) {
  const list = await ok<{ data: { id: string; users: { matric_number: string } }[] }>(
    await request.get('/api/admin/member-roles', { params: { search: matric }, headers: auth(adminToken) }),
  );
  const role = list.data.find((r) => r.users.matric_number === matric);
  expect(role, `member role of ${matric}`).toBeTruthy();
  await ok(await request.patch(`/api/admin/member-roles/${role!.id}`, { data: { verified_by_admin: true }, headers: auth(adminToken) }));
}

export interface CandidateSpec {
  userId: string;
  position: string;
  manifesto?: string;
}

/** An election open from an hour ago for a day, with its candidates, made by an electoral admin. */
export async function createElection(
  request: APIRequestContext,
  adminToken: string,
  o: { title: string; description?: string; candidates: CandidateSpec[]; publishResults?: boolean },
): Promise<{ id: string; candidateIds: string[] }> {
  const now = Date.now();
  const { election } = await ok<{ election: { id: string } }>(
    await request.post('/api/elections', {
      headers: auth(adminToken),
      data: {
        title: o.title,
        description: o.description ?? null,
        start_time: new Date(now - 3600_000).toISOString(),
        end_time: new Date(now + 24 * 3600_000).toISOString(),
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
  if (o.publishResults) await ok(await request.post(`/api/elections/${election.id}/publish-results`, { headers: auth(adminToken) }));
  return { id: election.id, candidateIds };
}
