import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { readQrPixels, readWithZxing } from './read-qr-pixels.ts';

const SIDE = 224; // the profile draws the code 224 px wide, 4 blank modules around it

/** A membership code's QR as the profile draws it on a screen: sharp squares, RGBA pixels. */
function drawn(text: string): Uint8ClampedArray {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const total = modules.size + 8;
  const rgba = new Uint8ClampedArray(SIDE * SIDE * 4).fill(255);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const row = Math.floor((y * total) / SIDE) - 4;
      const col = Math.floor((x * total) / SIDE) - 4;
      if (row < 0 || col < 0 || row >= modules.size || col >= modules.size || !modules.get(row, col)) continue;
      rgba.set([15, 23, 42], (y * SIDE + x) * 4);
    }
  }
  return rgba;
}

const codeNumber = (i: number) => {
  const hash = createHash('sha256').update(String(i)).digest('base64url');
  return `aesa1.${hash.slice(0, 22)}.${hash.slice(22, 44)}`;
};

describe('reading a membership QR code from a photo of a screen', () => {
  it('reads a code that ZXing alone does not find', async () => {
    const code = 'aesa1.P2h_f0JVaEfd5i5B7-3Wfw.OkBd0pbhp65DYPUoFo1MPA';
    const pixels = drawn(code);
    expect(await readWithZxing(pixels, SIDE, SIDE)).toBeNull();
    expect(await readQrPixels(pixels, SIDE, SIDE)).toBe(code);
  });

  it('reads each of 60 codes as the profile draws them', async () => {
    const misread: string[] = [];
    for (let i = 0; i < 60; i++) {
      const code = codeNumber(i);
      if ((await readQrPixels(drawn(code), SIDE, SIDE)) !== code) misread.push(code);
    }
    expect(misread).toEqual([]);
  });

  it('finds nothing in a picture without a code', async () => {
    expect(await readQrPixels(new Uint8ClampedArray(SIDE * SIDE * 4).fill(255), SIDE, SIDE)).toBeNull();
  });
});
