import { ADMIN_MSG } from '@aesa/shared/admin';
import type { AuditChange, AuditEntry } from '@aesa/shared/schemas/audit';
import { type FormEvent, useState } from 'react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { ExportCsvButton } from '@/components/admin/export-csv-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField, TextField } from '@/components/ui/field.tsx';
import { loadFailed } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { dayBoundary } from '@/lib/datetime-local.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { AUDIT_PAGE_SIZE, type AuditFilters, useAuditLog } from '../api/get-audit-log.ts';

const NO_FILTERS: AuditFilters = { actor: '', action: '', outcome: '', from: '', to: '' };

const OUTCOME_STYLE: Record<AuditEntry['outcome'], { label: string; className: string }> = {
  ok: { label: 'OK', className: 'bg-green-100 text-green-900' },
  denied: { label: 'Denied', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
};

/**
 * The audit log (super admins): every admin write and every refused admin call, newest first,
 * told in words (who did what to which named thing, and the fields set), with the route and status
 * for the record.
 */
export function AuditLogPanel() {
  // The form's values, and the filters of the list shown (applied on submit).
  const [draft, setDraft] = useState({ actor: '', action: '', outcome: '' as AuditFilters['outcome'], fromDay: '', toDay: '' });
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(filters, offset);

  const [rangeError, setRangeError] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const from = dayBoundary(draft.fromDay, 'start') ?? '';
    const to = dayBoundary(draft.toDay, 'end') ?? '';
    // The server's rule, said under the field before any request: a range that ends before it starts.
    const reversed = from && to && Date.parse(from) > Date.parse(to);
    setRangeError(reversed ? ADMIN_MSG.auditRangeReversed : null);
    if (reversed) return;
    setFilters({ actor: draft.actor, action: draft.action, outcome: draft.outcome, from, to });
    setOffset(0);
  }

  function clear() {
    setDraft({ actor: '', action: '', outcome: '', fromDay: '', toDay: '' });
    setRangeError(null);
    setFilters(NO_FILTERS);
    setOffset(0);
  }

  const total = log.data?.total ?? 0;
  const entries = log.data?.entries ?? [];
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + entries.length, total);

  return (
    <section aria-labelledby="audit-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="audit-title" className="text-lg font-bold text-navy-900">
        Audit Log
      </h2>
      <p className="mt-1 text-sm text-slate-600">Every admin change and every refused admin call, newest first.</p>

      <form onSubmit={apply} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Audit log filters">
        <TextField
          label="Actor"
          placeholder="Name or user id"
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <TextField
          label="Action"
          placeholder="e.g. removed candidate, a name, or DELETE"
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
        />
        <SelectField
          label="Outcome"
          value={draft.outcome}
          onChange={(e) => setDraft({ ...draft, outcome: e.target.value as AuditFilters['outcome'] })}
        >
          <option value="">Any outcome</option>
          <option value="ok">OK</option>
          <option value="denied">Denied</option>
          <option value="failed">Failed</option>
        </SelectField>
        <TextField label="From" type="date" value={draft.fromDay} onChange={(e) => setDraft({ ...draft, fromDay: e.target.value })} />
        <TextField label="To" type="date" value={draft.toDay} error={rangeError} onChange={(e) => setDraft({ ...draft, toDay: e.target.value })} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">Apply Filters</Button>
          <Button variant="outline" onClick={clear}>
            Clear
          </Button>
          <ExportCsvButton
            name="audit-log"
            size="md"
            className="sm:ml-auto"
            query={{ actor: filters.actor, action: filters.action, outcome: filters.outcome, from: filters.from, to: filters.to }}
            accessibleLabel="Export CSV of the audit log with the applied filters"
          />
        </div>
      </form>

      <div className="mt-5">
        {log.isPending ? (
          <ListLoading label="Loading audit log..." />
        ) : log.isError && !log.data ? (
          <ListError message={loadFailed('audit log', log.error)} onRetry={() => void log.refetch()} retrying={log.isFetching} />
        ) : entries.length === 0 ? (
          <EmptyState title="No audit entries match these filters." />
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              Showing {first}–{last} of {total}
              {log.isFetching ? <span className="text-slate-600"> (updating...)</span> : null}
            </p>
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <nav aria-label="Audit log pages" className="mt-3 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={offset === 0 || log.isFetching} onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}>
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {Math.floor(offset / AUDIT_PAGE_SIZE) + 1} of {Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + AUDIT_PAGE_SIZE >= total || log.isFetching}
                onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
              >
                Next
              </Button>
            </nav>
          </>
        )}
      </div>
    </section>
  );
}

/** Who acted: the name kept with the entry; an account deleted before names were kept has none. */
function actorName(entry: AuditEntry) {
  if (!entry.actor) return 'Unknown';
  return entry.actor.name || 'Deleted account';
}

/** "start_time" → "start time"; an id field, which the server wrote as a name, without its "id": "admin_role_id" → "admin role". */
const fieldLabel = (field: string) => field.replace(/_id$/, '').replaceAll('_', ' ');

/** An instant as the API writes it (ISO 8601 with a zone), which the log shows like every other date. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A new value as text: yes/no, a list joined, "(empty)" for nothing, an instant in the site's format. */
function valueText(value: AuditChange['value'], dateTime: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return dateTime(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => valueText(v, dateTime)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { dateTime: formatDateTime } = useDateFormat();
  const outcome = OUTCOME_STYLE[entry.outcome] ?? OUTCOME_STYLE.failed;
  const target = entry.target;
  return (
    <li className="grid gap-1 p-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start sm:gap-4">
      <time dateTime={entry.created_at} className="text-slate-600">
        {formatDateTime(entry.created_at)}
      </time>
      <div className="min-w-0">
        <p className="break-words text-slate-900">
          <span className="font-semibold">{actorName(entry)}</span> {entry.summary}
          {target?.name ? (
            <>
              {' '}
              <span className="font-semibold">{target.name}</span>
            </>
          ) : target?.id ? (
            <span className="break-all text-slate-600"> ({target.type ? `${target.type} ` : ''}{target.id})</span>
          ) : null}
        </p>
        {entry.changes.length > 0 ? (
          <dl aria-label="Fields set" className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-[0.8125rem]">
            {entry.changes.map((change) => (
              <div key={change.field} className="contents">
                <dt className="text-slate-600">{fieldLabel(change.field)}</dt>
                <dd className="break-words text-slate-900">
                  {'before' in change && valueText(change.before, formatDateTime) !== valueText(change.value, formatDateTime) ? (
                    // A versioned record's change keeps the old value too (decision 055): "old → new"
                    // (as shown: an instant saved again at the minute the form shows reads unchanged).
                    <>
                      <del className="text-slate-600">{valueText(change.before, formatDateTime)}</del>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only">changed to </span>
                      <ins className="no-underline">{valueText(change.value, formatDateTime)}</ins>
                    </>
                  ) : (
                    valueText(change.value, formatDateTime)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="mt-1 font-mono text-xs break-all text-slate-600">
          {entry.method} {entry.route}
        </p>
      </div>
      <span className="flex items-center gap-2 sm:justify-end">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', outcome.className)}>{outcome.label}</span>
        <span className="text-xs text-slate-600">HTTP {entry.status_code}</span>
      </span>
    </li>
  );
}
