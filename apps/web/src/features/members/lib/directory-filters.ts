import { AESA_ROLES, ENROLLMENT_YEARS, LEVELS, LIMITS, SKILLS } from '@aesa/shared/constants';

// The directory's filters live in the address bar (?search=&level=&role=&skill=&year=&page=), so
// back/forward and a shared link show the same list. Values not in the spec's lists are ignored
// rather than sent (a hand-edited link shows the unfiltered list, not an error).

export interface DirectoryFilters {
  search: string;
  level: string;
  role: string;
  skill: string;
  year: string;
  page: number;
}

export type FilterName = 'level' | 'role' | 'skill' | 'year';

export const FILTER_OPTIONS: Record<FilterName, readonly string[]> = {
  level: LEVELS,
  role: AESA_ROLES,
  skill: SKILLS,
  year: ENROLLMENT_YEARS.map(String),
};

export const FILTER_MAX = LIMITS.membersFilterMax;
const MAX_PAGE = LIMITS.membersMaxPage;

export const EMPTY_FILTERS: DirectoryFilters = { search: '', level: '', role: '', skill: '', year: '', page: 1 };

function pick(params: URLSearchParams, name: FilterName): string {
  const value = params.get(name) ?? '';
  return FILTER_OPTIONS[name].includes(value) ? value : '';
}

export function readFilters(params: URLSearchParams): DirectoryFilters {
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim().slice(0, FILTER_MAX),
    level: pick(params, 'level'),
    role: pick(params, 'role'),
    skill: pick(params, 'skill'),
    year: pick(params, 'year'),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The address bar's query for these filters: empty ones and page 1 are left out. */
export function filtersToParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  for (const name of ['level', 'role', 'skill', 'year'] as const) if (filters[name]) params.set(name, filters[name]);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A changed filter starts again from page 1. */
export function withFilter(filters: DirectoryFilters, name: FilterName | 'search', value: string): DirectoryFilters {
  return { ...filters, [name]: value, page: 1 };
}

export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return !!(filters.search || filters.level || filters.role || filters.skill || filters.year);
}
