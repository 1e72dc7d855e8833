import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '@aesa/shared/messages';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { createTestDatabase } from '../test/support/test-app.ts';
import { signedInMember } from '../test/support/factories.ts';
import { startTcpProxy } from '../test/support/tcp-proxy.ts';
import type { FastifyInstance } from 'fastify';
import { refusal } from '../test/support/refusal.ts';

// The external PostgreSQL goes away (a proxy we cut) and comes back: the app answers 503 with a
// clear error meanwhile, and recovers without a restart.
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
const INDEX_HTML = '<!doctype html><html><head><title>AESA Portal</title></head><body><div id="root"></div></body></html>';
const EVENTS_PAGE = '<!doctype html><html><head><title>Events</title></head><body><div id="root" data-prerendered="events"><h1>Events</h1><div data-event-list=""><p>Loading events...</p></div></div></body></html>';
let app: FastifyInstance;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const proxied = connect(viaProxy.toString(), 'postgres', 5);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: proxied.url }) };
  app = await buildApp({ config, database: proxied, logger: false, indexHtml: INDEX_HTML, prerendered: { events: EVENTS_PAGE }, eventArt: {} });
  await app.ready();
  closeAll = async () => {
    await app.close();
    await proxied.close();
    await proxy.close();
    await database.close();
  };
});
afterAll(() => closeAll());

describe('database away', () => {
  it('answers 503 while the database is unreachable and recovers when it is back', async () => {
    const member = await signedInMember(app);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.cut();
    for (const req of [
      { method: 'GET' as const, url: '/api/health' },
      { method: 'GET' as const, url: '/api/auth/me', headers: member.headers },
      { method: 'POST' as const, url: '/api/auth/token', payload: { matric_number: member.user.matric_number, password: 'x' } },
    ]) {
      const res = await app.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(503);
      expect(res.json()).toMatchObject(refusal(SERVER_MSG.databaseUnavailable, 'DATABASE_UNAVAILABLE'));
    }
    // The Events page, which the server draws its list into, is still the page: as built, with
    // its loading state, from which the app asks for the list and says that it failed.
    const page = await app.inject({ method: 'GET', url: '/events' });
    expect([page.statusCode, page.body]).toEqual([200, EVENTS_PAGE]);

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode, { timeout: 15_000, interval: 250 })
      .toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'postgres' });
  });
});
