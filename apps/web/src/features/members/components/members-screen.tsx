import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { MEMBERS_MSG } from '@aesa/shared/messages';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { LIST_PLACE } from '@/components/ui/list-states.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { cn } from '@/lib/cn.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { useUrlSearchText } from '@/lib/use-url-search-text.ts';
import { useMembers } from '../api/get-members.ts';
import { EMPTY_FILTERS, type DirectoryFilters, type FilterName, filtersToParams, readFilters, withFilter } from '../lib/directory-filters.ts';
import { MemberCard } from './member-card.tsx';
import { MembersFilters } from './members-filters.tsx';
import { Pagination } from './pagination.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** Meet Our Members. */
export function MembersScreen() {
  const { association_name } = useSiteConfig();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const results = useRef<HTMLDivElement>(null);

  const navigate = (next: DirectoryFilters, replace = false) =>
    setParams(filtersToParams(next), { replace, preventScrollReset: true });

  // While another page loads (a card was just chosen), a late search must not pull the visitor back.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  // The box shows what is typed at once; the address bar (and so the query) follows 300 ms later.
  // Typing replaces the history entry; filter changes and page moves are history steps.
  const [search, setSearch] = useUrlSearchText(
    filters.search,
    (term) => {
      if (leaving) return;
      setParams((current) => filtersToParams(withFilter(readFilters(current), 'search', term)), { replace: true, preventScrollReset: true });
    },
    SEARCH_DEBOUNCE_MS,
  );

  const { data, error, isPending, isPlaceholderData, isFetching } = useMembers(filters);
  const changing = isPlaceholderData && isFetching;

  // A link to a page that no longer exists (fewer members now): show the last one instead.
  const lastPage = data && !isPlaceholderData && data.totalPages > 0 && filters.page > data.totalPages ? data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null) setParams(filtersToParams({ ...filters, page: lastPage }), { replace: true, preventScrollReset: true });
  }, [lastPage, filters, setParams]);

  function clear() {
    // The box follows the address when it changes. Only text typed but not yet in the address
    // is cleared here: emptying a box whose text is in the address would queue a write of ''
    // that could land with the old filters, before the address changed.
    if (!filters.search) setSearch('');
    navigate(EMPTY_FILTERS);
  }

  function scrollToResults() {
    const top = results.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) results.current?.scrollIntoView({ block: 'start' });
  }

  const first = data && data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? Math.min(data.total, first + data.members.length - 1) : 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{`Meet Our Members · ${association_name} Portal`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Meet Our Members</h1>
          <p className="mt-2 max-w-2xl text-slate-700">Students and alumni of the association: find a classmate, a mentor or a teammate.</p>
        </div>
        {user ? null : (
          <Link to={paths.auth.register.href()} className={buttonClasses({ variant: 'primary', className: 'self-start sm:self-auto' })}>
            Join Us
          </Link>
        )}
      </div>

      <div className="mt-6">
        <MembersFilters
          search={search}
          filters={filters}
          onSearchChange={setSearch}
          onFilterChange={(name: FilterName, value: string) => navigate(withFilter({ ...filters, search: search.trim() }, name, value))}
          onClear={clear}
        />
      </div>

      {/* The list's place takes a screen in every state: the footer stays below the fold however
          few members the list turns out to hold. */}
      <div ref={results} className={cn('mt-6 scroll-mt-20', LIST_PLACE)}>
        {isPending ? (
          <LoadingMessage className="py-16">Loading members...</LoadingMessage>
        ) : error && !data ? (
          <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center">
            <h2 className="text-lg font-bold text-red-900">Error Loading Members</h2>
            <p className="mt-2 text-sm text-red-900">Failed to load members: {error.message || 'Unknown error'}</p>
            <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          </div>
        ) : data ? (
          <>
            <div className="mb-4 flex min-h-6 items-center justify-between gap-3 text-sm text-slate-700">
              <p role="status">
                {data.total > 0 ? `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? 'member' : 'members'}` : ''}
              </p>
              {changing ? (
                <LoadingMessage small className="gap-2">
                  Loading members...
                </LoadingMessage>
              ) : null}
            </div>
            {error ? (
              <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
                Failed to load members: {error.message || 'Unknown error'}
              </p>
            ) : null}
            {data.members.length === 0 ? (
              <p className="rounded-2xl bg-white px-4 py-12 text-center text-slate-700 ring-1 ring-slate-200">{MEMBERS_MSG.noMembers}</p>
            ) : (
              // items-start: each card keeps its own height, however long its neighbours are.
              <ul aria-busy={changing} className={cn('grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4', changing && 'opacity-60 transition-opacity')}>
                {data.members.map((member) => (
                  <li key={member.id}>
                    <MemberCard member={member} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={Math.min(filters.page, Math.max(1, data.totalPages))}
              totalPages={data.totalPages}
              hrefFor={(page) => {
                const qs = filtersToParams({ ...filters, page }).toString();
                return qs ? `?${qs}` : paths.members.href();
              }}
              onNavigate={scrollToResults}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
