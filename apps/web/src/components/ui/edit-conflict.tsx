import { useEffect, useId, useRef } from 'react';
import { conflictRows, type ConflictField, type ConflictRow, type EditConflict } from '@/lib/edit-conflict.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { Button } from './button.tsx';

/**
 * The conflict screen of every admin edit form (decision 054): a save was refused because
 * someone else saved the record after this form read it. It says who and when, shows field by
 * field what they changed beside the officer's own values, and offers "Reload" (take theirs,
 * lose mine) or "Apply mine on top" (save mine over theirs, knowingly). It takes the focus when
 * it appears, so a screen reader reads it at once.
 */
export function EditConflictPanel({
  conflict,
  rows,
  onReload,
  onApplyMine,
  busy = false,
}: {
  conflict: EditConflict<unknown>;
  rows: ConflictRow[];
  onReload: () => void;
  onApplyMine: () => void;
  busy?: boolean;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const fmt = useDateFormat();
  useEffect(() => ref.current?.focus(), []);
  const who = conflict.lastChange?.by?.name ?? 'Someone else';
  const when = conflict.lastChange ? fmt.dateTime(conflict.lastChange.at) : null;

  return (
    <section ref={ref} tabIndex={-1} aria-labelledby={headingId} data-testid="edit-conflict" className="scroll-mt-24 space-y-3 rounded-2xl border-2 border-amber-500 bg-amber-50 p-4 text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
      <h3 id={headingId} className="text-base font-bold text-navy-900">
        Someone else changed this while you were editing it
      </h3>
      <p className="text-sm">
        {when ? (
          <>
            <strong>{who}</strong> saved it on {when}.
          </>
        ) : (
          <>It was saved by someone else after you opened it.</>
        )}{' '}
        Your changes are not saved yet. Compare them with what is saved now:
      </p>
      {rows.length > 0 ? (
        <dl className="divide-y divide-amber-200 rounded-xl border border-amber-200 bg-white text-sm">
          {rows.map((row) => (
            <div key={row.key} className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr_1fr] sm:gap-3">
              <dt className="font-semibold">
                {row.label}
                {row.changedByThem ? <span className="mt-1 block w-fit rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">Changed by {who}</span> : null}
              </dt>
              <dd className="min-w-0 break-words">
                <span className="block text-xs font-semibold text-slate-600">Yours</span>
                {row.mine}
              </dd>
              <dd className="min-w-0 break-words">
                <span className="block text-xs font-semibold text-slate-600">Saved now</span>
                {row.theirs}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm">Your values and the saved ones are the same.</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onReload} disabled={busy}>
          Reload (take theirs, lose mine)
        </Button>
        <Button onClick={onApplyMine} disabled={busy}>
          Apply mine on top
        </Button>
      </div>
    </section>
  );
}

/**
 * The conflict screen of a form editing a versioned record (useVersionedEdit): shown only while a
 * save was refused as stale; it compares, field by field, the record the form started from, the
 * officer's values and the record as saved now.
 */
export function FormEditConflict<Row extends { version: number }, Values>({
  edit,
  fields,
  valuesOf,
  mine,
  ...actions
}: {
  edit: { base: Row | null; conflict: EditConflict<Row> | null };
  fields: ConflictField<Values>[];
  /** The form's values for a record. */
  valuesOf: (row: Row) => Values;
  /** The officer's values now. */
  mine: () => Values;
  onReload: () => void;
  onApplyMine: () => void;
  busy?: boolean;
}) {
  if (!edit.conflict || !edit.base) return null;
  return <EditConflictPanel conflict={edit.conflict} rows={conflictRows(fields, valuesOf(edit.base), mine(), valuesOf(edit.conflict.current))} {...actions} />;
}
