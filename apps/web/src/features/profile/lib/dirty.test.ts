import { describe, expect, it } from 'vitest';
import { isDirty, sameValue } from './dirty.ts';

describe('isDirty', () => {
  const initial = { bio: 'Hello', skills: ['CFD', 'MATLAB'], privacy: false };

  it('is clean when nothing changed', () => {
    expect(isDirty(initial, { ...initial, skills: [...initial.skills] })).toBe(false);
  });

  it('sees a changed text, list or flag', () => {
    expect(isDirty(initial, { ...initial, bio: 'Hello!' })).toBe(true);
    expect(isDirty(initial, { ...initial, skills: ['CFD'] })).toBe(true);
    expect(isDirty(initial, { ...initial, skills: ['MATLAB', 'CFD'] })).toBe(true);
    expect(isDirty(initial, { ...initial, privacy: true })).toBe(true);
  });

  it('is clean again when a change is undone', () => {
    const edited = { ...initial, bio: 'Changed' };
    expect(isDirty(initial, edited)).toBe(true);
    expect(isDirty(initial, { ...edited, bio: 'Hello' })).toBe(false);
  });

  it('ignores surrounding spaces', () => {
    expect(isDirty(initial, { ...initial, bio: ' Hello  ' })).toBe(false);
  });

  it('treats an absent key like an undefined one', () => {
    expect(isDirty({ a: 'x', b: undefined }, { a: 'x' })).toBe(false);
  });

  it('sees a chosen file', () => {
    expect(isDirty<{ file: object | null }>({ file: null }, { file: {} })).toBe(true);
  });
});

describe('sameValue', () => {
  it('compares nested values', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});
