import { DUES_LEVEL_KEYS, formatNaira, type SessionCreateInput, type SessionItem } from '@aesa/shared/finance';
import { sessionCreateSchema } from '@aesa/shared/schemas/finance';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { DateTimeField } from '@/components/ui/date-time-field.tsx';
import { TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { createSession, updateSession, useFinanceMutation, useSessions } from '../api/finance.ts';

/** A session is set up around the academic year it names: a few years either side. */
const SESSION_YEARS = { before: 3, after: 3 };

/** The academic sessions with their dates and dues; one is current (the one members pay for). */
export function SessionsTab() {
  const sessions = useSessions();
  const [editing, setEditing] = useState<SessionItem | 'new' | null>(null);
  const { confirmAction, alertFailure } = useAdminDialogs();
  const makeCurrent = useFinanceMutation((s: SessionItem) => updateSession(s.id, { is_current: true, version: s.version }));

  if (sessions.isPending) return <ListLoading label="Loading sessions..." />;
  if (sessions.isError) return <ListError message={loadFailed('sessions', sessions.error)} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />;
  const list = sessions.data.sessions;

  async function onMakeCurrent(s: SessionItem) {
    const current = list.find((x) => x.is_current);
    if (!(await confirmAction(`Make ${s.year} the current session?${current ? ` ${current.year} stops being current.` : ''} Members pay their dues for the current session.`))) return;
    makeCurrent.mutate(s, {
      onSuccess: () => flash.success(`${s.year} is now the current session.`),
      onError: (error) => alertFailure(error, (m) => `Error: ${m}`),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">A session runs from its start to its end date; members pay the dues of the current one.</p>
        <Button onClick={() => setEditing('new')}>New Session</Button>
      </div>
      {list.length === 0 ? <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">No sessions yet.</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Sessions">
        {list.map((s) => (
          <li key={s.id} className="flex">
            <SessionCard session={s} onEdit={() => setEditing(s)} onMakeCurrent={() => void onMakeCurrent(s)} busy={makeCurrent.isPending} />
          </li>
        ))}
      </ul>
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent title={editing === 'new' ? 'New Session' : editing ? `Edit Session ${editing.year}` : ''} description="The year as 2026-2027, its dates and the dues.">
          {editing ? <SessionForm key={editing === 'new' ? 'new' : editing.id} session={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function SessionCard({ session: s, onEdit, onMakeCurrent, busy }: { session: SessionItem; onEdit: () => void; onMakeCurrent: () => void; busy: boolean }) {
  const when = useDateFormat();
  const titleId = useId();
  const levels = Object.entries(s.dues_by_level ?? {});
  return (
    <article aria-labelledby={titleId} className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold text-navy-900">
          {s.year}
        </h3>
        {s.is_current ? <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">Current</span> : null}
      </div>
      <p className="text-sm text-slate-700">
        {when.date(s.starts_on)} to {when.date(s.ends_on)}
      </p>
      <p className="mt-2 font-semibold text-slate-900">Dues: {formatNaira(s.dues_amount)}</p>
      {levels.length > 0 ? <p className="text-sm text-slate-700">{levels.map(([level, amount]) => `${level} level: ${formatNaira(amount)}`).join(' · ')}</p> : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-3">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit session ${s.year}`}>
          Edit
        </Button>
        {s.is_current ? null : (
          <Button size="sm" variant="outline" onClick={onMakeCurrent} disabled={busy} aria-label={`Make ${s.year} current`}>
            Make Current
          </Button>
        )}
      </div>
    </article>
  );
}

type SessionValues = { year: string; starts_on: string; ends_on: string; dues_amount: string; levels: Record<string, string>; is_current: boolean };

/** The form's values as the schema takes them: the per-level amounts given, or none. */
function toInput(v: SessionValues) {
  const byLevel = Object.fromEntries(Object.entries(v.levels).filter(([, amount]) => amount.trim() !== ''));
  return { year: v.year, starts_on: v.starts_on, ends_on: v.ends_on, dues_amount: v.dues_amount, dues_by_level: Object.keys(byLevel).length ? byLevel : null, is_current: v.is_current };
}

function SessionForm({ session, onDone }: { session: SessionItem | null; onDone: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const form = useZodForm<SessionValues, SessionCreateInput>(sessionCreateSchema, {
    defaultValues: {
      year: session?.year ?? '',
      starts_on: session?.starts_on ?? '',
      ends_on: session?.ends_on ?? '',
      dues_amount: session ? String(session.dues_amount) : '',
      levels: Object.fromEntries(DUES_LEVEL_KEYS.map((k) => [k, session?.dues_by_level?.[k] !== undefined ? String(session.dues_by_level[k]) : ''])),
      is_current: session?.is_current ?? false,
    },
    toInput,
  });
  const isCurrent = form.watch('is_current');
  const save = useFinanceMutation((input: SessionCreateInput) => (session ? updateSession(session.id, { ...input, version: session.version }) : createSession(input)));
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (res) => {
        flash.success(res.message);
        onDone();
      },
      onError: (error) => {
        if (!form.showRefusal(error)) void alertFailure(error, (m) => `Error saving session: ${m}`);
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 overflow-y-auto p-5">
      <TextField label="Session" hint="Two consecutive years, like 2026-2027" autoComplete="off" {...form.field('year')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeField form={form} name="starts_on" label="Starts on" dayOnly years={SESSION_YEARS} />
        <DateTimeField form={form} name="ends_on" label="Ends on" dayOnly years={SESSION_YEARS} />
      </div>
      <TextField label="Dues (₦)" inputMode="numeric" autoComplete="off" {...form.field('dues_amount')} />
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Dues by level (optional)</legend>
        <p className="mb-2 text-sm text-slate-600">Leave empty to use the dues above.</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {DUES_LEVEL_KEYS.map((k) => (
            <TextField key={k} label={`${k} level (₦)`} inputMode="numeric" autoComplete="off" {...form.field(`levels.${k}` as 'levels')} error={form.errorOf(`dues_by_level.${k}`)} />
          ))}
        </div>
      </fieldset>
      {session?.is_current ? null : (
        <Switch label="Current session" description="Members pay the dues of the current session; the other session stops being current." checked={isCurrent} onChange={(v) => form.setValue('is_current', v)} />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : session ? 'Save Session' : 'Create Session'}
        </Button>
      </div>
    </form>
  );
}
