import sharp from 'sharp';
import { IMAGE_KINDS, type ImageKind } from '@aesa/shared/uploads';
import { fail } from '../../lib/app-error.ts';
import { DecodeQueue } from './decode-queue.ts';

/**
 * At most 24 megapixels (a 6000 × 4000 photo, more than any phone camera needs for a profile,
 * cover or item image): a decoded image of that size is about 72 MB of RGB. A decompression bomb
 * (a tiny file that declares billions of pixels) is refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
/**
 * Two decodes at once per process, eight more waiting, the rest 429. Decoding is CPU and memory
 * heavy, and sharp runs it on libuv's thread pool (4 threads by default), which password hashing
 * (argon2) and file reads share: two decodes leave room for sign-ins. Waiting uploads each hold
 * their bytes (at most 5 MB), so the queue bounds that memory too (about 40 MB).
 */
export const DECODE_CONCURRENCY = 2;
export const DECODE_QUEUE = 8;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

// Every upload is a new image: libvips' operation cache (by default up to 50 MB of results,
// reused only when the same operation runs on the same input) would only keep memory busy.
// sharp.concurrency (libvips threads per image) stays at sharp's default: 1 on glibc Linux
// without jemalloc, the number of cores elsewhere; the queue above bounds the images at once.
sharp.cache(false);

/** One queue per process: the thread pool and the memory it protects are per process. */
export const decodeQueue = new DecodeQueue(DECODE_CONCURRENCY, DECODE_QUEUE);

/**
 * Decodes an upload and re-encodes it as WebP fitted into the kind's box. Whatever the file
 * claims to be, only real JPEG, PNG or WebP pixels come out; metadata (EXIF, GPS) is dropped.
 * The header is read (cheap, no pixels decoded) before taking a place in the decode queue, so
 * a bomb or a non-image gets its 413 or 415 at once, even while the queue is full.
 */
export async function reencodeImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw fail('UPLOAD_INVALID_IMAGE');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw fail('UPLOAD_INVALID_IMAGE');
  if (pixels > MAX_INPUT_PIXELS) throw fail('UPLOAD_TOO_MANY_PIXELS');
  const box = IMAGE_KINDS[kind];
  return decodeQueue.run(async () => {
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate() // apply the EXIF orientation before the metadata is dropped
        .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw fail('UPLOAD_INVALID_IMAGE');
    }
  });
}
