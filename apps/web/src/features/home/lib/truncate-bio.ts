// Executive bios on the Home carousel: 3 words on a phone; about 150 characters on a
// wider screen, cut at a word boundary found within the last 20 characters before the limit.

export const BIO_MOBILE_WORDS = 3;
export const BIO_DESKTOP_CHARS = 150;
export const BIO_WORD_BOUNDARY_WINDOW = 20;

const ELLIPSIS = '...';

/** The first `count` words, with an ellipsis when some were left out. */
export function truncateWords(text: string, count = BIO_MOBILE_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= count) return words.join(' ');
  return `${words.slice(0, count).join(' ')}${ELLIPSIS}`;
}

/**
 * At most `max` characters (plus the ellipsis). The cut goes back to the last space when one lies
 * within `window` characters of the limit; a longer unbroken word is cut at the limit itself.
 */
export function truncateAtWord(text: string, max = BIO_DESKTOP_CHARS, window = BIO_WORD_BOUNDARY_WINDOW): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  // A space right after the limit means the word at the limit is complete.
  if (clean[max] === ' ') return `${clean.slice(0, max).trimEnd()}${ELLIPSIS}`;
  const head = clean.slice(0, max);
  const space = head.lastIndexOf(' ');
  const cut = space >= max - window ? head.slice(0, space) : head;
  return `${cut.trimEnd().replace(/[,;:.\-–—]+$/, '')}${ELLIPSIS}`;
}
