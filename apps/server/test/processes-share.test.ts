import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connect, type Database } from '../src/db/client.ts';
import { useTestApp } from './support/use-test-app.ts';

// Two server processes on one database, as WORKERS or two machines run them: here two apps,
// each with its own connection pool, on the test file's database.

const t = useTestApp({ jobsRetryMs: 100 });
let other: FastifyInstance;
let otherDb: Database;

beforeAll(async () => {
  otherDb = connect(t.database.url, 'postgres');
  other = await buildApp({ config: t.config, database: otherDb, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await otherDb?.close();
});

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('processes sharing one database', () => {
  it('count one rate-limit window per address: requests spread over both get the limit, not twice it', async () => {
    // forgot-password: 10 per 15 minutes per address.
    const forgot = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: { email: 'nobody@example.com' } });
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) codes.push((await forgot(i % 2 ? other : t.app, '10.7.7.7')).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
    const refused = await forgot(t.app, '10.7.7.7');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800); // the same 15-minute window
    // Another address has its own window, in either process.
    expect((await forgot(other, '10.7.7.8')).statusCode).toBe(200);
  });

  it('run the background jobs in exactly one of them; when it closes, the other takes over', async () => {
    await until(() => t.app.jobsLeader.leading || other.jobsLeader.leading);
    await new Promise((r) => setTimeout(r, 300)); // several tries of the other: still one leader
    expect([t.app.jobsLeader.leading, other.jobsLeader.leading].filter(Boolean)).toHaveLength(1);
    const [leader, follower] = t.app.jobsLeader.leading ? [t.app, other] : [other, t.app];
    await leader.jobsLeader.stop(); // as a process that stops (or dies) lets go of the lock
    await until(() => follower.jobsLeader.leading, 2000);
    expect(leader.jobsLeader.leading).toBe(false);
  });
});
