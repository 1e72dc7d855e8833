// Reading a QR code from a picture's pixels with two decoders, each loaded the first time the
// check-in screen reads a photo. jsQR goes first: ZXing's search misses some sharp codes drawn on
// a screen, exactly what a member shows at the door (measured on the profile's own drawing in
// Chromium: 6 codes of 150 not found by ZXing, all 150 read by jsQR). ZXing, with its thorough
// search, then gets the pictures jsQR cannot read.

/** The text of the QR code in RGBA pixels (as a canvas's ImageData holds them), or null. */
export async function readQrPixels(rgba: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  const found = jsQR(rgba, width, height);
  if (found) return found.data;
  return readWithZxing(rgba, width, height);
}

/** ZXing alone, with its thorough search: the second reader. */
export async function readWithZxing(rgba: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = await import('@zxing/library');
  const argb = new Int32Array(width * height);
  for (let i = 0; i < argb.length; i++) argb[i] = (0xff << 24) | (rgba[i * 4]! << 16) | (rgba[i * 4 + 1]! << 8) | rgba[i * 4 + 2]!;
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(argb, width, height)));
  try {
    // TRY_HARDER: a slower, more thorough search, which finds codes the quick one misses (small, tilted or unevenly lit).
    return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
  } catch {
    return null; // NotFoundException, or a code too damaged to read
  }
}
