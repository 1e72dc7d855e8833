import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToParams, hasActiveFilters, readFilters, withFilter } from './directory-filters.ts';

describe('directory filters in the address bar', () => {
  it('reads known values and ignores the rest', () => {
    const f = readFilters(new URLSearchParams('search=%20ada%20&level=300+Level&role=President&skill=MATLAB&year=2021&page=3'));
    expect(f).toEqual({ search: 'ada', level: '300 Level', role: 'President', skill: 'MATLAB', year: '2021', page: 3 });
    const bad = readFilters(new URLSearchParams('level=900+Level&role=King&skill=Juggling&year=1999&page=-2'));
    expect(bad).toEqual(EMPTY_FILTERS);
    expect(readFilters(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(readFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what is set, without page 1', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...EMPTY_FILTERS, search: ' Obi ', skill: 'CAD Design', page: 2 }).toString()).toBe(
      'search=Obi&skill=CAD+Design&page=2',
    );
  });

  it('goes back to page 1 when a filter changes', () => {
    const f = withFilter({ ...EMPTY_FILTERS, page: 4 }, 'level', 'Alumni');
    expect(f.page).toBe(1);
    expect(f.level).toBe('Alumni');
    expect(withFilter({ ...EMPTY_FILTERS, page: 4 }, 'search', 'ng').page).toBe(1);
  });

  it('knows whether anything is filtered', () => {
    expect(hasActiveFilters({ ...EMPTY_FILTERS, page: 3 })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, year: '2020' })).toBe(true);
  });

  it('round-trips', () => {
    const f = { search: 'AE/20', level: 'Alumni', role: 'Treasurer', skill: 'C++', year: '2018', page: 7 };
    expect(readFilters(filtersToParams(f))).toEqual(f);
  });
});

describe('limits shared with the server', () => {
  it('keeps the page within the server\'s range', async () => {
    const shared = await import('@aesa/shared/members');
    expect(readFilters(new URLSearchParams(`page=${shared.MAX_PAGE}`)).page).toBe(shared.MAX_PAGE);
    expect(readFilters(new URLSearchParams(`page=${shared.MAX_PAGE + 1}`)).page).toBe(1);
  });
});
