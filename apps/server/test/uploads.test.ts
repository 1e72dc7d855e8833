import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { UPLOAD_MSG } from '@aesa/shared/uploads';
import { uploads } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { signedInMember, userRow } from './support/factories.ts';
import { multipart } from './support/multipart.ts';
import { pngClaiming } from './support/png-bomb.ts';
import { refusal } from './support/refusal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const photo = (w = 640, h = 480) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Person', ImageDescription: 'GPS 6.5N 3.3E' } })
    .toBuffer();

const upload = (url: string, headers: Record<string, string>, file: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg', extra: Record<string, string> = {}) => {
  const body = multipart([...Object.entries(extra).map(([name, data]) => ({ name, data })), { name: 'file', filename, contentType, data: file }]);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const storedCount = async () => ((await t.app.db.select({ n: count() }).from(uploads)) as [{ n: number }])[0].n;

describe('image uploads', () => {
  it('re-encodes a real photo, strips its metadata, sets it as the profile image and serves it with long cache', async () => {
    const m = await signedInMember(t.app);
    const res = await upload('/api/profile/me/upload/profile-image', m.headers, await photo(2000, 1500));
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/profile\/[0-9a-f-]{36}\.webp$/);
    expect((await userRow(t.app, m.user.id))!.profile_image_url).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
  });

  it('removes the old file when the image is replaced', async () => {
    const m = await signedInMember(t.app);
    const first = (await upload('/api/profile/me/upload/cover-image', m.headers, await photo())).json().url;
    const second = (await upload('/api/profile/me/upload/cover-image', m.headers, await photo())).json().url;
    expect(second).not.toBe(first);
    expect(fs.existsSync(path.join(t.config.uploadDir, first.replace('/uploads/', '')))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('refuses a text file named .png, and stores nothing', async () => {
    const m = await signedInMember(t.app);
    const before = await storedCount();
    const res = await upload('/api/profile/me/upload/profile-image', m.headers, 'just some text, not an image', 'evil.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(refusal(UPLOAD_MSG.invalidImage, 'UPLOAD_INVALID_IMAGE'));
    expect(await storedCount()).toBe(before);
    expect((await userRow(t.app, m.user.id))!.profile_image_url).toBeNull();
  });

  it('refuses an SVG with a script', async () => {
    const m = await signedInMember(t.app);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const res = await upload('/api/profile/me/upload/profile-image', m.headers, svg, 'pic.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(UPLOAD_MSG.invalidImage);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const m = await signedInMember(t.app);
    const big = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const before = await storedCount();
    const res = await upload('/api/profile/me/upload/profile-image', m.headers, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(refusal(UPLOAD_MSG.tooLarge, 'UPLOAD_TOO_LARGE'));
    expect(await storedCount()).toBe(before);
  });

  it('refuses a huge-dimension image (decompression bomb) without decoding it', async () => {
    const m = await signedInMember(t.app);
    const bomb = pngClaiming(50_000, 50_000); // 2.5 gigapixels in a few dozen bytes
    const before = await storedCount();
    const res = await upload('/api/profile/me/upload/profile-image', m.headers, bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(UPLOAD_MSG.tooManyPixels);
    expect(await storedCount()).toBe(before);
  });

  it('limits images to 24 megapixels: 6000 × 4000 passes, one more column is 413, a 20000 × 20000 bomb is 413', async () => {
    const m = await signedInMember(t.app);
    const flat = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } }).png({ compressionLevel: 9 }).toBuffer();
    const ok = await upload('/api/profile/me/upload/cover-image', m.headers, await flat(6000, 4000), 'wide.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    const before = await storedCount();
    for (const file of [await flat(6001, 4000), pngClaiming(20_000, 20_000)]) {
      const res = await upload('/api/profile/me/upload/cover-image', m.headers, file, 'big.png', 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(refusal(UPLOAD_MSG.tooManyPixels, 'UPLOAD_TOO_MANY_PIXELS'));
    }
    expect(UPLOAD_MSG.tooManyPixels).toContain('24 megapixels');
    expect(await storedCount()).toBe(before);
  });

  it('data-image needs a known type', async () => {
    const m = await signedInMember(t.app);
    const bad = await upload('/api/profile/me/upload/data-image', m.headers, await photo(), 'p.jpg', 'image/jpeg', { type: 'passport' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(UPLOAD_MSG.unsupportedType);
    const ok = await upload('/api/profile/me/upload/data-image', m.headers, await photo(), 'p.jpg', 'image/jpeg', { type: 'projects' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().url).toMatch(/^\/uploads\/projects\//);
  });

  it('only the owner deletes an upload; a visitor cannot upload at all', async () => {
    const owner = await signedInMember(t.app);
    const other = await signedInMember(t.app);
    const url = (await upload('/api/profile/me/upload/data-image', owner.headers, await photo(), 'p.jpg', 'image/jpeg', { type: 'achievements' })).json().url;
    const del = (headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: '/api/profile/me/upload/delete', headers, payload: { file_path: url } });
    expect((await del(other.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await upload('/api/profile/me/upload/profile-image', {}, await photo())).statusCode).toBe(401);
    expect((await del(owner.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await del(owner.headers)).statusCode).toBe(404);
  });

  it('a JSON body to an upload route is 415', async () => {
    const m = await signedInMember(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/me/upload/profile-image', headers: m.headers, payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });
});
