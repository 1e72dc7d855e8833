import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { UPLOAD_MSG } from '@aesa/shared/uploads';
import { uploads } from '../src/db/schema.ts';
import { DECODE_CONCURRENCY, DECODE_QUEUE } from '../src/modules/uploads/image.ts';
import { useTestApp } from '../test/support/use-test-app.ts';
import { signedInMember } from '../test/support/factories.ts';
import { multipart } from '../test/support/multipart.ts';
import { pngClaiming } from '../test/support/png-bomb.ts';
import { listenForStrangers, rawRequest } from './support/stranger.ts';
import { refusal } from '../test/support/refusal.ts';

// Decompression bombs and decode floods, over real TCP from a stranger's address: every answer
// is 413 (too many pixels) or 429 (the decode queue or the upload limit is full) in the one
// error shape, never a 5xx; the server's memory stays bounded and it keeps answering meanwhile.

const t = useTestApp();
const tcp = listenForStrangers(t);

async function uploadFromStranger(path: string, token: string, file: Buffer, fields: Record<string, string> = {}) {
  const body = multipart([...Object.entries(fields).map(([name, data]) => ({ name, data })), { name: 'file', filename: 'photo.png', contentType: 'image/png', data: file }]);
  const headers = { ...body.headers, authorization: `Bearer ${token}`, 'content-length': String(body.payload.length) };
  const res = await rawRequest(tcp.port, { method: 'POST', path, headers, bytes: body.payload });
  return { status: res.status, body: res.body };
}

/**
 * Runs the burst while watching this process's resident memory (every 20 ms) and asking
 * /api/health from loopback one after another; answers the burst's results, the peak growth
 * of RSS over the start, and every health answer's status and time.
 */
async function duringBurst<T>(burst: () => Promise<T>) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let done = false;
  const health: { status: number; ms: number }[] = [];
  const prober = (async () => {
    while (!done) {
      const started = Date.now();
      const res = await rawRequest(tcp.port, { path: '/api/health', from: 'loopback' });
      health.push({ status: res.status, ms: Date.now() - started });
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  try {
    const results = await burst();
    return { results, growthMb: (Math.max(peak, process.memoryUsage().rss) - rssBefore) / 2 ** 20, health };
  } finally {
    done = true;
    clearInterval(sampler);
    await prober;
  }
}

const storedCount = async () => ((await t.app.db.select({ n: count() }).from(uploads)) as [{ n: number }])[0].n;

describe('decompression bombs over TCP from a stranger', () => {
  it('a parallel burst of 20000 × 20000 bombs: only 413 or 429, nothing stored, memory bounded, health keeps answering', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => signedInMember(t.app)));
    const bomb = pngClaiming(20_000, 20_000); // 400 megapixels declared in about a hundred bytes
    expect(bomb.length).toBeLessThan(200);
    const before = await storedCount();
    const { results, growthMb, health } = await duringBurst(() =>
      Promise.all(Array.from({ length: 40 }, (_, i) => uploadFromStranger('/api/profile/me/upload/profile-image', members[i % members.length]!.token, bomb))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 413 && s !== 429), `statuses ${statuses.join(',')}`).toEqual([]);
    const tooBig = results.filter((r) => r.status === 413);
    expect(tooBig.length).toBeGreaterThan(0);
    for (const r of tooBig) expect(JSON.parse(r.body)).toEqual(refusal(UPLOAD_MSG.tooManyPixels, 'UPLOAD_TOO_MANY_PIXELS'));
    for (const r of results.filter((x) => x.status === 429)) expect(JSON.parse(r.body)).toMatchObject({ success: false, error: expect.any(String) });
    expect(await storedCount()).toBe(before);
    // One decoded bomb alone would be 400 MB of pixels.
    expect(growthMb, `RSS grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(150);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((h) => h.status === 200)).toBe(true);
  });

  it('a flood of real 24-megapixel images: at most the queue is decoded at once, the rest 429 with a clear message; memory bounded', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => signedInMember(t.app)));
    // Flat colour compresses to a few kilobytes, but each decodes to 24 million pixels.
    const heavy = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#1d4f91' } }).png({ compressionLevel: 9 }).toBuffer();
    const burstSize = 24; // under the upload route's 30 a minute per address: the queue answers, not the rate limit
    const { results, growthMb, health } = await duringBurst(() =>
      Promise.all(
        Array.from({ length: burstSize }, (_, i) => uploadFromStranger('/api/profile/me/upload/data-image', members[i % members.length]!.token, heavy, { type: 'projects' })),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429), `statuses ${statuses.join(',')}`).toEqual([]);
    const busy = results.filter((r) => r.status === 429);
    expect(busy.length, `statuses ${statuses.join(',')}`).toBeGreaterThanOrEqual(burstSize - DECODE_CONCURRENCY - DECODE_QUEUE - 4);
    for (const r of busy) expect(JSON.parse(r.body)).toEqual(refusal(UPLOAD_MSG.busy, 'UPLOAD_BUSY'));
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(DECODE_CONCURRENCY);
    expect(growthMb, `RSS grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(300);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((h) => h.status === 200)).toBe(true);
  });
});
