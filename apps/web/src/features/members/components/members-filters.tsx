import { type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration.ts';
import { FILTER_MAX, FILTER_OPTIONS, type FilterName, type DirectoryFilters } from '../lib/directory-filters.ts';

const SELECTS: { name: FilterName; label: string; all: string }[] = [
  { name: 'level', label: 'Level', all: 'All levels' },
  { name: 'role', label: 'AESA Role', all: 'All roles' },
  { name: 'skill', label: 'Skills', all: 'All skills' },
  { name: 'year', label: 'Year', all: 'All years' },
];

const control =
  'block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600';

/** The search box, the four filters and Clear. */
export function MembersFilters({
  search,
  filters,
  onSearchChange,
  onFilterChange,
  onClear,
}: {
  search: string;
  filters: DirectoryFilters;
  onSearchChange: (value: string) => void;
  onFilterChange: (name: FilterName, value: string) => void;
  onClear: () => void;
}) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <form
        role="search"
        aria-label="Filter members"
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        <Labelled id="members-search" label="Search" className="col-span-2 md:col-span-4 lg:col-span-1">
          <div className="relative">
            <svg
              viewBox="0 0 24 24"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-4-4" />
            </svg>
            <SearchInput search={search} onSearchChange={onSearchChange} />
          </div>
          <p id="members-search-hint" className="sr-only">
            Type a name, or digits of a matric number. The list updates as you type.
          </p>
        </Labelled>
        {SELECTS.map(({ name, label, all }) => (
          <Labelled key={name} id={`members-${name}`} label={label}>
            <FilterSelect name={name} all={all} value={filters[name]} onChange={(value) => onFilterChange(name, value)} />
          </Labelled>
        ))}
        <Button variant="outline" className="col-span-2 h-11 md:col-span-4 lg:col-span-1" onClick={onClear}>
          Clear
        </Button>
      </form>
    </div>
  );
}

function Labelled({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The search box; text typed before the page's script arrived is kept (useTypedBeforeHydration). */
function SearchInput({ search, onSearchChange }: { search: string; onSearchChange: (value: string) => void }) {
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, search, onSearchChange);
  return (
    <input
      ref={field}
      id="members-search"
      type="search"
      inputMode="search"
      enterKeyHint="search"
      autoComplete="off"
      maxLength={FILTER_MAX}
      placeholder="Search by name"
      value={search}
      onChange={(e) => onSearchChange(e.target.value)}
      aria-describedby="members-search-hint"
      className={`${control} pl-10`}
    />
  );
}

/** One filter; a choice made before the page's script arrived is kept. */
function FilterSelect({ name, all, value, onChange }: { name: FilterName; all: string; value: string; onChange: (value: string) => void }) {
  const field = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(field, value, onChange);
  return (
    <select ref={field} id={`members-${name}`} value={value} onChange={(e) => onChange(e.target.value)} className={control}>
      <option value="">{all}</option>
      {FILTER_OPTIONS[name].map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
