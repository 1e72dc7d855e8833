import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './html-answer.ts';

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
