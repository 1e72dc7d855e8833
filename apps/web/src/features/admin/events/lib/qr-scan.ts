import { readQrPixels } from './read-qr-pixels.ts';

// Reading QR codes at the door: from the camera with ZXing (@zxing/browser), from a photo with
// readQrPixels. The libraries are loaded the first time the check-in screen scans: they are
// never part of any other page's download.

async function reader() {
  const [{ BrowserQRCodeReader }, { DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  // TRY_HARDER: a slower, more thorough search, which still reads one code in milliseconds and
  // finds codes the quick search misses (a small, tilted or unevenly lit code).
  return new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]));
}

// A phone's photo is far larger than a code needs; it is read at most this wide or high.
const PHOTO_MAX_SIDE = 1600;

/** The text of the QR code in a photo; null when the photo holds none that can be read. */
export async function decodePhoto(file: Blob): Promise<string | null> {
  // Drawn at its own size (ZXing's image loader would shrink every picture to 200 px first).
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return readQrPixels(context.getImageData(0, 0, width, height).data, width, height);
}

/**
 * Scans the camera's picture (the back camera on a phone) into `video` and calls `onText` with
 * each code read. Answers the function that stops the camera.
 */
export async function scanCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  const controls = await (await reader()).decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result) => {
    if (result) onText(result.getText());
  });
  return () => controls.stop();
}
