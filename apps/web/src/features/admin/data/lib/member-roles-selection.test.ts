import { describe, expect, it } from 'vitest';
import { NO_SELECTION, isSelected, pageState, selectedCount, toggleOne, togglePage } from './member-roles-selection.ts';

describe('the Member Roles selection', () => {
  const page = ['a', 'b', 'c'];

  it('ticks roles one by one, across pages, and counts them', () => {
    let s = toggleOne(NO_SELECTION, 'a', page);
    s = toggleOne(s, 'z', ['z']); // another page
    expect(isSelected(s, 'a') && isSelected(s, 'z')).toBe(true);
    expect(selectedCount(s, 100)).toBe(2);
    expect(pageState(s, page)).toBe('some');
    s = toggleOne(s, 'a', page);
    expect(isSelected(s, 'a')).toBe(false);
  });

  it('ticks and unticks the whole page', () => {
    const s = togglePage(NO_SELECTION, page);
    expect(pageState(s, page)).toBe('all');
    expect(pageState(togglePage(s, page), page)).toBe('none');
  });

  it('all matching the filter counts the total; unticking one leaves the rest of the page', () => {
    const all = { kind: 'all' } as const;
    expect(selectedCount(all, 412)).toBe(412);
    expect(isSelected(all, 'anything')).toBe(true);
    const s = toggleOne(all, 'b', page);
    expect(selectedCount(s, 412)).toBe(2);
    expect(isSelected(s, 'b')).toBe(false);
    expect(togglePage(all, page)).toEqual(NO_SELECTION);
  });
});
