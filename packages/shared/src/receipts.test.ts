import { describe, expect, it } from 'vitest';
import { RECEIPT_ALPHABET, RECEIPT_BITS, formatReceipt, newReceipt, normaliseReceipt } from './receipts.ts';

const SHAPE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

describe('receipts', () => {
  it('uses 32 letters without 0, O, 1 and I: 60 bits in 12 letters', () => {
    expect(new Set(RECEIPT_ALPHABET).size).toBe(32);
    for (const ch of '0O1I') expect(RECEIPT_ALPHABET).not.toContain(ch);
    expect(RECEIPT_BITS).toBeGreaterThanOrEqual(60);
  });

  it('makes receipts in groups of four that do not repeat', () => {
    const many = Array.from({ length: 20_000 }, newReceipt);
    for (const r of many.slice(0, 200)) expect(r).toMatch(SHAPE);
    expect(new Set(many).size).toBe(many.length);
  });

  it('uses every letter of the alphabet at every place (no bias towards a part of it)', () => {
    const seen = Array.from({ length: 12 }, () => new Set<string>());
    for (let i = 0; i < 4000; i++) [...newReceipt().replace(/-/g, '')].forEach((ch, k) => seen[k]!.add(ch));
    for (const s of seen) expect(s.size).toBe(32);
  });

  it('normalises what a voter types: case, spaces and dashes', () => {
    expect(normaliseReceipt('k7qf-2m9c-xw4t')).toBe('K7QF-2M9C-XW4T');
    expect(normaliseReceipt(' K7QF 2M9C XW4T ')).toBe('K7QF-2M9C-XW4T');
    expect(normaliseReceipt('K7QF2M9CXW4T')).toBe('K7QF-2M9C-XW4T');
    expect(normaliseReceipt('K7QF--2M9C-XW4T')).toBe('K7QF-2M9C-XW4T');
    expect(formatReceipt('K7QF2M9CXW4T')).toBe('K7QF-2M9C-XW4T');
  });

  it('refuses what is not a receipt', () => {
    for (const bad of ['', 'K7QF-2M9C-XW4', 'K7QF-2M9C-XW4TT', 'K0QF-2M9C-XW4T', 'KOQF-2M9C-XW4T', 'K1QF-2M9C-XW4T', 'KIQF-2M9C-XW4T', 'K7QF_2M9C_XW4T', 'K7QF-2M9C-XW4Ä']) {
      expect(normaliseReceipt(bad), bad).toBeNull();
    }
  });
});
