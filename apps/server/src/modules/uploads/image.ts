import sharp from 'sharp';
import { IMAGE_KINDS, UPLOAD_MSG, type ImageKind } from '@aesa/shared/uploads';
import { AppError } from '../../lib/app-error.ts';

// A decompression bomb (a tiny file that decodes to billions of pixels) is refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Decodes an upload and re-encodes it as WebP fitted into the kind's box. Whatever the file
 * claims to be, only real JPEG, PNG or WebP pixels come out; metadata (EXIF, GPS) is dropped.
 */
export async function reencodeImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new AppError(415, UPLOAD_MSG.invalidImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError(415, UPLOAD_MSG.invalidImage);
  if (pixels > MAX_INPUT_PIXELS) throw new AppError(413, UPLOAD_MSG.tooManyPixels);
  const box = IMAGE_KINDS[kind];
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(415, UPLOAD_MSG.invalidImage);
  }
}
