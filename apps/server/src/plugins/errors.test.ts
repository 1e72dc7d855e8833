import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errors from './errors.ts';
import stopping from './stopping.ts';

/** An app with only the error plugin (and the stop it reads), a route that fails as a cut database connection does, and its log lines. */
async function appWithCutDatabase() {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  await app.register(stopping);
  await app.register(errors);
  let cut!: () => void;
  const cutNow = new Promise<void>((r) => (cut = r));
  app.get('/vote', async () => {
    await cutNow;
    throw new Error('Connection terminated unexpectedly');
  });
  await app.ready();
  return { app, lines, cut };
}

describe('a request whose database connection is cut', () => {
  it('is a 503 and an error in the log while the server runs', async () => {
    const { app, lines, cut } = await appWithCutDatabase();
    cut();
    const res = await app.inject({ method: 'GET', url: '/vote' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['request failed']);
    await app.close();
  });

  it('is a 503 and part of the stop, not an error, once the server is stopping', async () => {
    const { app, lines, cut } = await appWithCutDatabase();
    const answer = app.inject({ method: 'GET', url: '/vote' });
    await new Promise((r) => setTimeout(r, 20)); // the request is in flight
    const closed = app.close(); // the stop signal: in-flight requests finish
    await new Promise((r) => setTimeout(r, 20));
    cut(); // PostgreSQL, stopped by the same signal, cuts the request's connection
    const res = await answer;
    await closed;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
