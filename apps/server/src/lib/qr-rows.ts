import QRCode from 'qrcode';

/**
 * The QR code of a text as rows of '1' (dark) and '0' (light). Made on the server rather than in
 * the browser: the page draws the squares, and no QR library is sent to any visitor.
 */
export function qrRows(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => (modules.get(r, c) ? '1' : '0')).join(''));
}
