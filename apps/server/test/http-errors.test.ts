import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the one error shape and the security headers', () => {
  it('health answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('malformed JSON is 400 without a stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/json' }, payload: '{"matric_number":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(SERVER_MSG.malformedJson, 'MALFORMED_JSON'));
  });

  it('an empty body with a JSON content type is no input, not malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.matricRequired);
  });

  it('a prototype-poisoning body is refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true},"matric_number":"A","password":"b"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('a body over the limit is 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(refusal(SERVER_MSG.bodyTooLarge, 'BODY_TOO_LARGE'));
  });

  it('an unsupported content type is 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal(SERVER_MSG.notFound, 'NOT_FOUND'));
  });

  it('wrong types are 400 with a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { matric_number: ['x'], password: { a: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(typeof res.json().error).toBe('string');
  });

  it('every answer carries the security headers', async () => {
    for (const url of ['/api/health', '/api/nothing', '/some/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      // Pictures from this site, or linked from another over https (an event's flyer, a candidate's photo); nothing else.
      expect(csp).toMatch(/(^|; )img-src 'self' data: blob: https:(;|$)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('rate limits login per client address', async () => {
    let last = 0;
    for (let i = 0; i < 101; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress: '10.9.9.9', payload: { matric_number: `NOPE${i}`, password: 'x' } })).statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress: '10.9.9.8', payload: { matric_number: 'NOPE', password: 'x' } });
    expect(other.statusCode).toBe(401);
  }, 180_000);

  it('RATE_LIMIT_ALLOW exempts the listed client addresses and no others', async () => {
    expect(() => loadConfig({ RATE_LIMIT_ALLOW: '127.0.0.1, not-an-address' })).toThrow(/RATE_LIMIT_ALLOW/);
    expect(loadConfig({ RATE_LIMIT_ALLOW: '127.0.0.1, ::1' }).rateLimitAllow).toEqual(['127.0.0.1', '::1']);
    const exempt = await createTestApp({ rateLimitAllow: ['10.9.9.7'] });
    try {
      const forgot = (remoteAddress: string) =>
        exempt.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: { email: 'nobody@example.com' } });
      // The mail routes allow 10 per 15 minutes per address.
      for (let i = 0; i < 12; i++) expect((await forgot('10.9.9.7')).statusCode, `exempt request ${i + 1}`).toBe(200);
      let limited = 0;
      for (let i = 0; i < 12; i++) if ((await forgot('10.9.9.6')).statusCode === 429) limited++;
      expect(limited).toBe(2);
    } finally {
      await exempt.close();
    }
  }, 60_000);
});
