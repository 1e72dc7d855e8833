import { CLASS_LIST_KIND_LABEL, CLASS_LIST_KINDS, CLASS_LIST_LIMITS, type ClassListKind } from '@aesa/shared/class-list';
import type { ClassListReport } from '@aesa/shared/schemas/class-list';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/field.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { flash } from '@/lib/flash.ts';
import { useClassListApply, useClassListPreview } from '../api/class-list.ts';

type Row = ClassListReport['rows'][number];
const PAGE = 100;
const numberFormat = new Intl.NumberFormat();
const n = (x: number) => numberFormat.format(x);
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

const KIND_TONE: Record<ClassListKind, string> = {
  matched: 'bg-green-100 text-green-900',
  not_registered: 'bg-sky-100 text-sky-900',
  conflict: 'bg-amber-100 text-amber-950',
  invalid: 'bg-red-100 text-red-900',
  duplicate: 'bg-slate-200 text-slate-800',
};

const CHANGE_TEXT: Record<Row['changes'][number], [preview: string, applied: string]> = {
  verify: ['will be verified', 'verified'],
  level: ['level will be updated', 'level updated'],
  pre_verify: ['will be listed: verified when they register', 'listed: verified when they register'],
};

/**
 * Class list: the department's CSV in one step. Choose the file, read the preview row by row
 * (nothing changes yet), then apply it after a confirmation naming the counts. Matched members are
 * verified, students not yet registered are verified when they register; conflicts and invalid
 * rows are only reported. Applying the same file again changes nothing.
 */
export function ClassListTab() {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<ClassListReport | null>(null);
  const preview = useClassListPreview();
  const apply = useClassListApply();
  const { confirmAction, alertFailure } = useAdminDialogs();

  function choose(f: File | null) {
    setFile(f);
    setReport(null);
    setFileError(f && f.size > CLASS_LIST_LIMITS.maxBytes ? `The class list is larger than ${CLASS_LIST_LIMITS.maxBytes / 1024 / 1024} MB. Split it into smaller files.` : null);
  }

  function runPreview() {
    if (!file) {
      setFileError('Choose the class list (a CSV file) to upload.');
      input.current?.focus();
      return;
    }
    preview.mutate(file, { onSuccess: setReport, onError: (e) => alertFailure(e, (m) => `Could not read the class list: ${m}`) });
  }

  async function runApply() {
    if (!file || !report || report.dry_run === false) return;
    const c = report.counts;
    const skipped = c.conflict + c.invalid + c.duplicate;
    const text =
      `Apply the class list (${plural(c.rows, 'row')})? ` +
      `${plural(c.to_verify, 'member')} will be verified, ${plural(c.level_changes, 'level')} changed and ${plural(c.pre_verified, 'student')} not yet registered listed to be verified when they register. ` +
      (skipped ? `${plural(c.conflict, 'conflict')}, ${plural(c.invalid, 'invalid row')} and ${plural(c.duplicate, 'duplicate')} will not be applied.` : '');
    if (!(await confirmAction(text))) return;
    apply.mutate(file, {
      onSuccess: (r) => {
        setReport(r);
        flash.success(r.message);
      },
      onError: (e) => alertFailure(e, (m) => `Could not apply the class list: ${m}`),
    });
  }

  const busy = preview.isPending || apply.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
        <p className="font-semibold">Verify the whole class in one step.</p>
        <p className="mt-0.5">
          Upload the department's class list as a CSV file: a first line naming the columns (matric number, name, level and, optionally, e-mail), then one
          student a line. You see what it would do first; nothing changes until you apply it. Members found on the list are verified; students who have not
          registered yet are verified as soon as they register with their matric number.
        </p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-slate-800">
            Class list (CSV)
          </label>
          <input
            id={fileId}
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className={cn(
              'block w-full min-w-0 rounded-lg border bg-white text-sm text-slate-800',
              'file:mr-3 file:h-10 file:border-0 file:bg-slate-100 file:px-3 file:font-semibold file:text-slate-800 hover:file:bg-slate-200',
              fileError ? 'border-red-700' : 'border-slate-400',
            )}
          />
          <p id={`${fileId}-hint`} className="mt-1 text-sm text-slate-600">
            UTF-8, at most {CLASS_LIST_LIMITS.maxBytes / 1024 / 1024} MB and {n(CLASS_LIST_LIMITS.maxRows)} rows.
          </p>
          {fileError ? (
            <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-red-700">
              {fileError}
            </p>
          ) : null}
        </div>
        <Button onClick={runPreview} disabled={busy || !!fileError}>
          {preview.isPending ? 'Reading...' : 'Preview'}
        </Button>
      </div>

      {report ? <ClassListReportView report={report} onApply={runApply} applying={apply.isPending} disabled={busy} /> : null}
    </div>
  );
}

function ClassListReportView({ report, onApply, applying, disabled }: { report: ClassListReport; onApply: () => void; applying: boolean; disabled: boolean }) {
  const [kind, setKind] = useState<'' | ClassListKind>('');
  const [shown, setShown] = useState(PAGE);
  const c = report.counts;
  const rows = kind ? report.rows.filter((r) => r.kind === kind) : report.rows;
  const applied = !report.dry_run;

  return (
    <section aria-labelledby="class-list-result" className="flex flex-col gap-4">
      <div className={cn('rounded-2xl border p-4', applied ? 'border-green-300 bg-green-50 text-green-950' : 'border-slate-200 bg-white')}>
        <h3 id="class-list-result" className="text-lg font-bold text-slate-900">
          {applied ? 'Class list applied' : 'Preview: nothing has changed yet'}
        </h3>
        <p role="status" className="mt-1 text-sm">
          {report.message}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
          {CLASS_LIST_KINDS.map((k) => (
            <div key={k} className={cn('rounded-xl px-3 py-2', KIND_TONE[k])}>
              <dt className="font-medium">{CLASS_LIST_KIND_LABEL[k]}</dt>
              <dd className="text-xl font-bold">{n(c[k])}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm">
          {applied ? 'Applied: ' : 'Applying it: '}
          {plural(c.to_verify, 'member')} verified, {plural(c.level_changes, 'level')} changed, {plural(c.pre_verified, 'student')} listed to be verified when they
          register. {c.changed === 0 ? 'Nothing to change: this list is already applied.' : ''}
        </p>
        {!applied ? (
          <div className="mt-3">
            <Button onClick={onApply} disabled={disabled || c.changed === 0}>
              {applying ? 'Applying...' : 'Apply'}
            </Button>
          </div>
        ) : null}
      </div>

      <div className="max-w-xs">
        <SelectField
          label="Show rows"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as '' | ClassListKind);
            setShown(PAGE);
          }}
        >
          <option value="">All rows ({n(c.rows)})</option>
          {CLASS_LIST_KINDS.map((k) => (
            <option key={k} value={k}>
              {CLASS_LIST_KIND_LABEL[k]} ({n(c[k])})
            </option>
          ))}
        </SelectField>
      </div>

      <ol aria-label="Class list rows" className="flex flex-col gap-2">
        {rows.slice(0, shown).map((r) => (
          <ReportRow key={r.row} row={r} applied={applied} />
        ))}
      </ol>
      {rows.length > shown ? (
        <Button variant="outline" onClick={() => setShown(shown + PAGE)}>
          Show more ({n(rows.length - shown)} left)
        </Button>
      ) : null}
    </section>
  );
}

function ReportRow({ row, applied }: { row: Row; applied: boolean }) {
  const note = row.reason ?? (row.changes.length ? row.changes.map((c) => CHANGE_TEXT[c][applied ? 1 : 0]).join(', ') : row.kind === 'matched' ? 'already verified' : 'already listed');
  return (
    <li className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-slate-600">Row {row.row}</span>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', KIND_TONE[row.kind])}>{CLASS_LIST_KIND_LABEL[row.kind]}</span>
        <span className="font-semibold break-all text-slate-900">{row.matric_number || '(no matric number)'}</span>
        <span className="break-words text-slate-800">{row.name}</span>
        {row.level ? <span className="text-slate-700">· {row.level}</span> : null}
      </div>
      <p className={cn('mt-0.5 break-words', row.kind === 'invalid' || row.kind === 'conflict' ? 'font-medium text-red-800' : 'text-slate-700')}>
        {row.member && row.kind === 'matched' ? `${row.member.name || 'Account'}: ` : ''}
        {note}
      </p>
    </li>
  );
}
