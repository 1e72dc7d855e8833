// Ballot receipts: the code a voter gets for each vote and can later find counted. 12 letters of
// a 32-letter alphabet (no 0, O, 1 or I, which are misread aloud) carry 60 random bits, shown in
// groups of four: K7QF-2M9C-XW4T. The stored form is this shown form.

export const RECEIPT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RECEIPT_LENGTH = 12;
/** Random bits in a receipt: 5 per letter. */
export const RECEIPT_BITS = RECEIPT_LENGTH * 5;

export const RECEIPT_MSG = {
  invalid: 'A receipt code has 12 letters and digits, for example K7QF-2M9C-XW4T (no 0, O, 1 or I).',
  counted: 'This receipt is counted.',
  unknown: 'No ballot with this receipt in this election.',
  notOnDevice: 'You voted for this position. Your receipt is not on this device.',
} as const;

/** 'K7QF2M9CXW4T' -> 'K7QF-2M9C-XW4T'. */
export function formatReceipt(letters: string): string {
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
}

// Random bytes are drawn from the platform's source for 256 receipts at a time and each byte is
// used once: a call to getRandomValues costs about as much as the rest of a vote's own
// JavaScript, and every vote needs a receipt.
const randomPool = new Uint8Array(RECEIPT_LENGTH * 256);
let randomAt = randomPool.length;

/** A new receipt from the platform's cryptographic random source (Node and browsers alike). */
export function newReceipt(): string {
  if (randomAt + RECEIPT_LENGTH > randomPool.length) {
    globalThis.crypto.getRandomValues(randomPool);
    randomAt = 0;
  }
  let letters = '';
  // 256 is a multiple of 32: the low 5 bits of a uniform byte are uniform.
  for (let i = 0; i < RECEIPT_LENGTH; i++) letters += RECEIPT_ALPHABET[randomPool[randomAt++]! & 31];
  return formatReceipt(letters);
}

/**
 * A receipt as someone typed or pasted it, in its shown form: upper-cased, spaces and dashes
 * dropped, then checked letter by letter. Null when it is not a receipt.
 */
export function normaliseReceipt(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]+/g, '');
  if (letters.length !== RECEIPT_LENGTH) return null;
  for (const ch of letters) if (!RECEIPT_ALPHABET.includes(ch)) return null;
  return formatReceipt(letters);
}
