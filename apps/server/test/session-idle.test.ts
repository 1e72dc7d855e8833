import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@aesa/shared/messages';
import { loadConfig } from '../src/config.ts';
import { sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { findSessionByTokenHash } from '../src/modules/auth/session.queries.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInAdmin, signedInMember } from './support/factories.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const status = async (headers: Record<string, string>) => (await me(headers)).statusCode;

describe('SESSION_IDLE_ADMIN_MINUTES and SESSION_IDLE_MEMBER_MINUTES', () => {
  it('default to 2 hours for admins and 24 hours for members', () => {
    expect(loadConfig({}).sessionIdleMs).toEqual({ admin: 2 * HOUR, member: 24 * HOUR });
    expect(loadConfig({ SESSION_IDLE_ADMIN_MINUTES: '30', SESSION_IDLE_MEMBER_MINUTES: '90' }).sessionIdleMs).toEqual({ admin: 30 * MINUTE, member: 90 * MINUTE });
  });

  it('refuse anything but a whole number of minutes from 1 to 1440, naming the variable', () => {
    for (const v of ['0', '-5', '1441', '1.5', 'two hours']) {
      expect(() => loadConfig({ SESSION_IDLE_ADMIN_MINUTES: v }), v).toThrow(/^Invalid configuration: SESSION_IDLE_ADMIN_MINUTES must be a whole number of minutes from 1 to 1440/);
      expect(() => loadConfig({ SESSION_IDLE_MEMBER_MINUTES: v }), v).toThrow(/^Invalid configuration: SESSION_IDLE_MEMBER_MINUTES must be a whole number/);
    }
  });
});

describe('idle sessions end', () => {
  it("an admin's session ends after 2 idle hours, a member's does not", async () => {
    const admin = await signedInAdmin(t.app, ['is_event_admin']);
    const member = await signedInMember(t.app);
    t.clock.advance(2 * HOUR - MINUTE);
    // (these two calls are activity: measure the next idle period from here)
    expect(await status(admin.headers)).toBe(200);
    expect(await status(member.headers)).toBe(200);
    t.clock.advance(2 * HOUR + 1000);
    const expired = await me(admin.headers);
    expect(expired.statusCode).toBe(401);
    expect(await status(member.headers)).toBe(200);
    // It stays ended: a later call does not bring it back.
    t.clock.advance(MINUTE);
    expect(await status(admin.headers)).toBe(401);
  });

  it("the server's own checks (a live socket's re-check) do not count as activity", async () => {
    const admin = await signedInAdmin(t.app, ['is_electoral_admin']);
    const peek = () => findSessionByTokenHash(t.app.db, hashToken(admin.token), t.clock(), t.config.sessionIdleMs, { countsAsActivity: false });
    for (let m = 0; m < 11; m++) {
      t.clock.advance(10 * MINUTE);
      expect(await peek(), `after ${(m + 1) * 10} min`).not.toBeNull();
    }
    t.clock.advance(10 * MINUTE + 1000); // 2 h after login, re-checked every 10 minutes, never used
    expect(await peek()).toBeNull();
    expect(await status(admin.headers)).toBe(401);
  });

  it('activity keeps an admin session alive past 2 hours, until the absolute 24 hours', async () => {
    const admin = await signedInAdmin(t.app, ['is_super_admin']);
    for (let h = 0; h < 23; h++) {
      t.clock.advance(HOUR);
      expect(await status(admin.headers), `after ${h + 1} h`).toBe(200);
    }
    t.clock.advance(HOUR - MINUTE); // 23 h 59 min after login, 59 min after the last call
    expect(await status(admin.headers)).toBe(200);
    t.clock.advance(MINUTE + 1000); // past the absolute 24 h
    expect(await status(admin.headers)).toBe(401);
  });

  it("a member's session ends after 24 idle hours, and activity does not stretch it past 24 hours", async () => {
    const idle = await signedInMember(t.app);
    const busy = await signedInMember(t.app);
    for (let h = 0; h < 23; h++) {
      t.clock.advance(HOUR);
      expect(await status(busy.headers)).toBe(200);
    }
    t.clock.advance(HOUR + 1000);
    expect(await status(idle.headers)).toBe(401);
    expect(await status(busy.headers)).toBe(401);
  });

  it('records activity at most once a minute', async () => {
    const member = await signedInMember(t.app);
    const lastSeen = async () => (await t.app.db.select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.user_id, member.user.id)))[0]!.at.getTime();
    const start = await lastSeen();
    t.clock.advance(30_000);
    expect(await status(member.headers)).toBe(200);
    expect(await lastSeen()).toBe(start);
    t.clock.advance(31_000);
    expect(await status(member.headers)).toBe(200);
    expect(await lastSeen()).toBe(t.clock().getTime());
  });

  it("a request does not wait while another of the member's requests records the activity", async () => {
    const member = await signedInMember(t.app);
    const [session] = await t.app.db.select({ id: sessions.id, at: sessions.last_seen_at }).from(sessions).where(eq(sessions.user_id, member.user.id));
    t.clock.advance(2 * MINUTE); // due a new last_seen_at
    // Another request of the member is writing the row: its lock, held until we let go.
    const other = await t.app.directPool.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from sessions where id = $1 for update', [session!.id]);
      const answer = status(member.headers);
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5000));
      expect(await Promise.race([answer, waited])).toBe(200);
    } finally {
      await other.query('rollback');
      other.release();
    }
    const [after] = await t.app.db.select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.id, session!.id));
    expect(after!.at.getTime(), 'left to the request holding the row').toBe(session!.at.getTime());
    // With the row free, the next request records it.
    expect(await status(member.headers)).toBe(200);
    const [later] = await t.app.db.select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.id, session!.id));
    expect(later!.at.getTime()).toBe(t.clock().getTime());
  });
});

describe('configured idle limits', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ sessionIdleMs: loadConfig({ SESSION_IDLE_ADMIN_MINUTES: '15', SESSION_IDLE_MEMBER_MINUTES: '60' }).sessionIdleMs });
  });
  afterAll(() => short.close());

  it('a member idle for longer than SESSION_IDLE_MEMBER_MINUTES is signed out; an active one is not', async () => {
    const idle = await signedInMember(short.app);
    const active = await signedInMember(short.app);
    const admin = await signedInAdmin(short.app, ['is_data_admin']);
    const get = async (h: Record<string, string>) => (await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: h })).statusCode;
    short.clock.advance(14 * MINUTE);
    expect(await get(admin.headers)).toBe(200);
    short.clock.advance(16 * MINUTE);
    expect(await get(admin.headers)).toBe(401);
    expect(await get(active.headers)).toBe(200);
    short.clock.advance(31 * MINUTE); // 61 min after login
    expect(await get(active.headers)).toBe(200);
    const res = await short.app.inject({ method: 'GET', url: '/api/auth/me', headers: idle.headers });
    expect(res.statusCode).toBe(401);
    // The client turns any 401 into the spec's "session expired" (apps/web/src/lib/api-client.ts).
    expect(MSG.sessionExpired).toBe('Session expired. Please login again.');
  });
});
