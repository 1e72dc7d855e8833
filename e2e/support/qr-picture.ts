import jsQR from 'jsqr';
import sharp from 'sharp';

// Reading a QR code from a screenshot here in the test, with jsQR, the door's first reader: the
// test makes sure the picture it hands the door reads as the member's code (and is whole: a busy
// machine can return a screenshot before it has painted all of it) before the door reads it.

/** The text of the QR code in a PNG, or null when none can be read. */
export async function readQrPicture(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}
