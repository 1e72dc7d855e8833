import { describe, expect, it } from 'vitest';
import { truncateAtWord, truncateWords } from './truncate-bio.ts';

describe('truncateWords (mobile: 3 words)', () => {
  it('keeps a bio of 3 words or fewer whole', () => {
    expect(truncateWords('Leads the association')).toBe('Leads the association');
    expect(truncateWords('  Hello   there ')).toBe('Hello there');
    expect(truncateWords('')).toBe('');
  });

  it('keeps the first 3 words and marks the cut', () => {
    expect(truncateWords('Final year student passionate about propulsion')).toBe('Final year student...');
  });

  it('counts words across line breaks and tabs', () => {
    expect(truncateWords('One\ntwo\tthree four')).toBe('One two three...');
  });
});

describe('truncateAtWord (desktop: about 150 characters)', () => {
  it('keeps a bio of 150 characters or fewer whole', () => {
    const bio = 'a'.repeat(150);
    expect(truncateAtWord(bio)).toBe(bio);
  });

  it('cuts at the last space within 20 characters of the limit', () => {
    const bio = `${'word '.repeat(40)}end`; // 203 characters, spaces every 5
    const out = truncateAtWord(bio);
    expect(out.endsWith('...')).toBe(true);
    const body = out.slice(0, -3);
    expect(body.length).toBeLessThanOrEqual(150);
    expect(body.length).toBeGreaterThanOrEqual(130);
    expect(body.endsWith('word')).toBe(true);
  });

  it('keeps a word that ends exactly at the limit', () => {
    const bio = `${'x'.repeat(149)}y and more words after it`;
    expect(truncateAtWord(bio)).toBe(`${'x'.repeat(149)}y...`);
  });

  it('cuts inside a long unbroken word when no space is near the limit', () => {
    const bio = `Intro ${'z'.repeat(200)}`;
    const out = truncateAtWord(bio);
    expect(out).toBe(`Intro ${'z'.repeat(144)}...`);
  });

  it('does not leave dangling punctuation before the ellipsis', () => {
    const bio = `${'a'.repeat(140)}, ${'b'.repeat(40)}`;
    expect(truncateAtWord(bio)).toBe(`${'a'.repeat(140)}...`);
  });

  it('honours other limits and windows', () => {
    expect(truncateAtWord('alpha beta gamma delta', 12, 5)).toBe('alpha beta...');
    expect(truncateAtWord('alpha beta gamma delta', 12, 1)).toBe('alpha beta g...');
  });
});
