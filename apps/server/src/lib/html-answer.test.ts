import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressedForms, RECENT_PAGES_KEPT } from './html-answer.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and sends text when the browser names neither', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('deflate, identity')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('reads the weights: q=0 refuses a coding, and "*" names every coding not named', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br; q=0.5, gzip;q=1')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('reads a header sent more than once', () => {
    expect(acceptedEncoding(['deflate', 'gzip'])).toBe('gzip');
  });
});

describe('compressedForms', () => {
  const page = (n: number) => `<!doctype html><p>page ${n}</p>`;

  it('keeps a page written per request by its text, and lets the least recently sent go first', () => {
    const kept = new Map<number, object>();
    for (let n = 1; n <= RECENT_PAGES_KEPT; n++) kept.set(n, compressedForms(page(n), false));
    // The same text, made again: the same forms.
    expect(compressedForms(`<!doctype html><p>page ${1}</p>`, false)).toBe(kept.get(1));
    // Page 1 was just sent again, so page 2 is now the oldest: a new page pushes it out.
    compressedForms(page(RECENT_PAGES_KEPT + 1), false);
    expect(compressedForms(page(1), false)).toBe(kept.get(1));
    expect(compressedForms(page(3), false)).toBe(kept.get(3));
    expect(compressedForms(page(2), false)).not.toBe(kept.get(2));
  });
});
