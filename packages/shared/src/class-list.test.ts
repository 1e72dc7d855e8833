import { describe, expect, it } from 'vitest';
import { headerKey, levelOf, nameKey, sameName } from './class-list.ts';
import { nextSessionYear } from './hand-over.ts';

describe('the class list rules', () => {
  it('compare names without case, accents, punctuation, spacing or order', () => {
    expect(nameKey('  ADEYEMI,  Tolú  A. ')).toBe(nameKey('a tolu adeyemi'));
    expect(sameName('ADEYEMI, Tolu', 'Tolu Adeyemi')).toBe(true);
    expect(sameName('ADEYEMI Tolu Ayomide', 'Tolu Adeyemi')).toBe(true); // the account gives fewer names
    expect(sameName('Adeyemi Tolu', 'Tolu')).toBe(false); // one name alone is not enough
    expect(sameName('Emeka Nwosu', 'Chidi Obi')).toBe(false);
    expect(sameName('Anyone', '')).toBe(true); // an account with no name yet
  });

  it('read the levels a department writes, and nothing else', () => {
    for (const raw of ['300', '300L', '300 level', 'Level 300', '300 LEVEL', ' 300l ']) expect(levelOf(raw.trim())).toBe('300 Level');
    expect(levelOf('Alumni')).toBe('Alumni');
    for (const raw of ['700', '30', 'three hundred', '3000', '']) expect(levelOf(raw)).toBeNull();
  });

  it('read header spellings as one key', () => {
    expect(headerKey('Matric No.')).toBe('matricno');
    expect(headerKey('E-mail')).toBe('email');
    expect(headerKey('matric_number')).toBe('matricnumber');
  });

  it('name the next session', () => {
    expect(nextSessionYear('2026-2027')).toBe('2027-2028');
  });
});
