import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutivesResponse } from '@aesa/shared/members';
import { executives } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { allKeys, insertDirectoryMembers, SECRET_KEYS } from './support/members-data.ts';

let t: TestApp;
const DAY = 86_400_000;
let now: Date;

beforeAll(async () => {
  t = await createTestApp();
  now = new Date('2026-03-01T12:00:00Z');
  t.clock.set(now);
  const [president, vp, treasurer, pastSec, oldPro, sports] = await insertDirectoryMembers(t.app, [
    { name: 'Current President' },
    { name: 'Current Vice' },
    { name: 'Treasurer Until Soon' },
    { name: 'Flag Cleared Secretary' },
    { name: 'Term Ended PRO' },
    { name: 'Sports Lead' },
  ]);
  await t.app.db.insert(executives).values([
    { user_id: sports!.id, position: 'Sports Director', is_current: true },
    { user_id: president!.id, position: 'President', is_current: true, year: '2025-2026' },
    { user_id: vp!.id, position: 'Vice President', is_current: true, end_date: new Date(now.getTime() + 365 * DAY) },
    { user_id: treasurer!.id, position: 'Treasurer', is_current: true, end_date: new Date(now.getTime() + 2 * DAY) },
    { user_id: pastSec!.id, position: 'General Secretary', is_current: false },
    { user_id: oldPro!.id, position: 'Public Relations Officer', is_current: true, end_date: new Date(now.getTime() - DAY) },
  ]);
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/executives', headers });

describe('GET /api/executives', () => {
  it('lists current holders only, in the voting order of the positions', async () => {
    t.clock.set(now);
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body: ExecutivesResponse = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((e) => [e.position, e.user.name])).toEqual([
      ['President', 'Current President'],
      ['Vice President', 'Current Vice'],
      ['Treasurer', 'Treasurer Until Soon'],
      ['Sports Director', 'Sports Lead'],
    ]);
    expect(body.data.every((e) => e.is_current === true)).toBe(true);
  });

  it('drops a holder once the end date has passed, by the server clock', async () => {
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const body: ExecutivesResponse = (await get()).json();
    expect(body.data.map((e) => e.position)).toEqual(['President', 'Vice President', 'Sports Director']);
    t.clock.set(now);
  });

  it('answers only id, name, bio and picture of each holder: no contact or password data', async () => {
    const body: ExecutivesResponse = (await get()).json();
    expect(Object.keys(body.data[0]!).sort()).toEqual(['id', 'is_current', 'position', 'user', 'year']);
    expect(Object.keys(body.data[0]!.user).sort()).toEqual(['bio', 'id', 'name', 'profile_image_url']);
    expect(body.data[0]!.year).toBe('2025-2026');
    const keys = allKeys(body);
    for (const secret of SECRET_KEYS) expect(keys.has(secret), secret).toBe(false);
  });

  it('is public and cacheable: Cache-Control, ETag and 304 on a matching If-None-Match', async () => {
    const first = await get();
    expect(first.headers['cache-control']).toContain('public');
    expect(first.headers['cache-control']).toContain('max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A change of the list changes the ETag.
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    t.clock.set(now);
  });
});
