import type { HandOverApplyResult, HandOverMember } from '@aesa/shared/schemas/hand-over';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { formatCalendarDate } from '@/lib/format-date.ts';
import { useHandOverPreview, useStartSession } from '../api/hand-over.ts';

const PAGE = 50;
const numberFormat = new Intl.NumberFormat();
const n = (x: number) => numberFormat.format(x);
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/**
 * Next session: the hand-over at the end of a session. The preview lists who moves up a level,
 * who becomes an alumnus and whose membership stops being current until renewed; the officer can
 * leave members out, confirms the counts, and starts the session once.
 */
export function HandOverTab() {
  const preview = useHandOverPreview();
  const start = useStartSession();
  const { confirmAction, alertFailure } = useAdminDialogs();
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<HandOverApplyResult | null>(null);

  if (result) return <HandOverResult result={result} />;
  if (preview.isPending) return <ListLoading label="Loading the hand-over preview..." />;
  if (preview.isError) {
    const noSession = isApiError(preview.error) && preview.error.code === 'HAND_OVER_NO_CURRENT_SESSION';
    return noSession ? (
      <p className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">{preview.error.message}</p>
    ) : (
      <ListError message={loadFailed('the hand-over preview', preview.error)} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
    );
  }

  const p = preview.data;
  const kept = (m: HandOverMember) => !excluded.has(m.id);
  const promoted = p.members.filter((m) => m.next_level && m.next_level !== 'Alumni');
  const alumni = p.members.filter((m) => m.next_level === 'Alumni');
  const lapsingOnly = p.members.filter((m) => !m.next_level && m.lapses);
  const counts = { promoted: promoted.filter(kept).length, alumni: alumni.filter(kept).length, lapsing: p.members.filter((m) => m.lapses && kept(m)).length };
  const term = search.trim().toLowerCase();
  const match = (m: HandOverMember) => !term || m.name.toLowerCase().includes(term) || m.matric_number.toLowerCase().includes(term);

  function toggle(id: string) {
    const next = new Set(excluded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExcluded(next);
  }

  async function run() {
    const text =
      `Start session ${p.to.year}? ${plural(counts.promoted, 'member')} move up a level, ${plural(counts.alumni, 'member')} become alumni and ` +
      `${plural(counts.lapsing, 'membership')} stop being current until renewed; each is e-mailed how to renew.` +
      (excluded.size ? ` ${plural(excluded.size, 'member')} left out.` : '') +
      ` This happens once per session.`;
    if (!(await confirmAction(text))) return;
    start.mutate(
      { to_year: p.to.year, exclude: [...excluded] },
      {
        onSuccess: (r) => {
          setResult(r);
          flash.success(r.message);
        },
        onError: (e) => alertFailure(e, (m) => `Could not start the session: ${m}`),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-4">
        <h3 className="text-lg font-bold text-slate-900">Start session {p.to.year}</h3>
        <p className="mt-1 text-sm text-slate-700">
          The current session is {p.from.year}. Session {p.to.year} {p.to.exists ? 'already exists and' : 'will be created'} ({formatCalendarDate(p.to.starts_on)} to {formatCalendarDate(p.to.ends_on)}, dues{' '}
          {n(p.to.dues_amount)} naira) and becomes the current session.
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div className="rounded-xl bg-sky-100 px-3 py-2 text-sky-950">
            <dt className="font-medium">Move up a level</dt>
            <dd className="text-xl font-bold">{n(counts.promoted)}</dd>
          </div>
          <div className="rounded-xl bg-green-100 px-3 py-2 text-green-950">
            <dt className="font-medium">Become alumni (500 Level)</dt>
            <dd className="text-xl font-bold">{n(counts.alumni)}</dd>
          </div>
          <div className="rounded-xl bg-amber-100 px-3 py-2 text-amber-950">
            <dt className="font-medium">Memberships no longer current until renewed</dt>
            <dd className="text-xl font-bold">{n(counts.lapsing)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">How a member renews: </span>
          {p.how_to_renew}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button onClick={() => void run()} disabled={p.done || start.isPending}>
            {start.isPending ? 'Starting...' : `Start session ${p.to.year}`}
          </Button>
          {excluded.size ? <span className="text-sm text-slate-700">{plural(excluded.size, 'member')} left out</span> : null}
          {p.done ? <span className="text-sm font-medium text-amber-900">Session {p.to.year} has already been started.</span> : null}
        </div>
      </div>

      <div className="max-w-md">
        <TextField label="Find a member to leave out" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or matric number" autoComplete="off" />
      </div>
      <MemberGroup title="Move up a level" members={promoted.filter(match)} excluded={excluded} onToggle={toggle} />
      <MemberGroup title="Become alumni" members={alumni.filter(match)} excluded={excluded} onToggle={toggle} />
      <MemberGroup title="Membership stops being current (no level change)" members={lapsingOnly.filter(match)} excluded={excluded} onToggle={toggle} />
    </div>
  );
}

function MemberGroup({ title, members, excluded, onToggle }: { title: string; members: HandOverMember[]; excluded: Set<string>; onToggle: (id: string) => void }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4" aria-label={title}>
      <h4 className="font-semibold text-slate-900">
        {title} ({n(members.length)})
      </h4>
      {members.length === 0 ? <p className="mt-1 text-sm text-slate-600">Nobody.</p> : null}
      <ul className="mt-2 flex flex-col divide-y divide-slate-100">
        {members.slice(0, shown).map((m) => (
          <li key={m.id} className="flex items-start gap-3 py-2 text-sm">
            <input
              id={`leave-out-${m.id}`}
              type="checkbox"
              className="mt-1 size-4 shrink-0"
              checked={excluded.has(m.id)}
              onChange={() => onToggle(m.id)}
              aria-label={`Leave out ${m.name || m.matric_number}`}
            />
            <label htmlFor={`leave-out-${m.id}`} className="min-w-0 flex-1 break-words">
              <span className="font-medium text-slate-900">{m.name || 'Unnamed member'}</span> <span className="text-slate-600">({m.matric_number})</span>
              <span className="block text-slate-700">
                {m.next_level ? `${m.level} → ${m.next_level}` : (m.level ?? 'No level')}
                {m.lapses ? ' · membership stops being current' : ''}
                {excluded.has(m.id) ? ' · left out: nothing changes' : ''}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {members.length > shown ? (
        <Button variant="outline" size="sm" onClick={() => setShown(shown + PAGE)}>
          Show more ({n(members.length - shown)} left)
        </Button>
      ) : null}
    </section>
  );
}

function HandOverResult({ result }: { result: HandOverApplyResult }) {
  const c = result.counts;
  // The result replaces the long preview the officer scrolled through: it is brought into view,
  // below the sticky top bar, with focus on its heading so a screen reader reads it out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="rounded-2xl border border-green-300 bg-green-50 p-4 text-green-950" aria-labelledby="hand-over-result">
      <h3 id="hand-over-result" ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-bold focus:outline-none">
        {result.message}
      </h3>
      <p role="status" className="mt-1 text-sm">
        Session {result.session.year} is now the current session. {plural(c.promoted, 'member')} moved up a level, {plural(c.alumni, 'member')} became alumni,{' '}
        {plural(c.lapsed, 'membership')} no longer current until renewed, {plural(c.excluded, 'member')} left out. {plural(c.emailed, 'renewal e-mail')} queued.
      </p>
    </section>
  );
}
