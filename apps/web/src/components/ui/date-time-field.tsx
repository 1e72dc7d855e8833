import { type Ref, useId, useMemo, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';
import { cn } from '@/lib/cn.ts';
import type { DateSettings } from '@/lib/format-date.ts';
import { useDateSettings } from '@/lib/site-config.ts';
import { type DateParts, composeParts, daysInMonth, splitValue, yearNow } from './date-time-parts.ts';

// The one date and time input of the admin forms (decision 077). The browser's own
// <input type="datetime-local"> shows and reads times in the device's locale ("11/28/2026, 03:41
// PM" on a US laptop) while every page shows the association's ("28 Nov 2026, 15:41"). Here the
// day, month, year, hour and minute are chosen in selects labelled in the association's locale,
// in its order, on its clock; the value is the wall time in the association's zone
// ('YYYY-MM-DDTHH:mm', or 'YYYY-MM-DD' for a day), which lib/datetime-local.ts turns into an instant.

export interface DateTimeInputProps {
  label: string;
  /** 'YYYY-MM-DDTHH:mm' ('YYYY-MM-DD' for a day) in the association's zone, or '' while incomplete. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A day without a time (a filter's From and To). */
  dayOnly?: boolean;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  /** The years offered; the value's own year is always among them. Default: last year to five ahead. */
  years?: { before: number; after: number };
  className?: string;
  /** The first select: a form focuses it when the field is refused. */
  ref?: Ref<HTMLSelectElement>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Month names, the order of day, month and year, and the hours as the locale writes them. */
function localeLabels({ locale }: DateSettings) {
  const utc = { timeZone: 'UTC' } as const;
  const months = Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat(locale, { month: 'short', ...utc }).format(Date.UTC(2001, i, 1)));
  const order = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', ...utc })
    .formatToParts(Date.UTC(2001, 0, 1))
    .map((p) => p.type)
    .filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
  const hourFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', ...utc });
  const hours = Array.from({ length: 24 }, (_, h) => hourFormat.format(Date.UTC(2001, 0, 1, h)));
  return { months, order, hours };
}

export function DateTimeInput({ label, value, onChange, onBlur, dayOnly = false, error, hint, disabled, required, years = { before: 1, after: 5 }, className, ref }: DateTimeInputProps) {
  const settings = useDateSettings();
  const id = useId();
  // The parts chosen so far: an incomplete choice is kept here while the value stays ''.
  const [parts, setParts] = useState<DateParts>(() => splitValue(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // A new value from outside (the form was reset or reloaded): show it.
    setSeen(value);
    if (value !== composeParts(parts, dayOnly)) setParts(splitValue(value));
  }
  const labels = useMemo(() => (settings ? localeLabels(settings) : null), [settings]);
  const thisYear = settings ? yearNow(settings.timeZone) : new Date().getUTCFullYear();
  const yearOptions = useMemo(() => {
    const list = Array.from({ length: years.before + years.after + 1 }, (_, i) => thisYear - years.before + i);
    const own = Number(parts.year);
    if (own && !list.includes(own)) list.push(own);
    return list.sort((a, b) => a - b);
  }, [thisYear, years.before, years.after, parts.year]);

  function choose(change: Partial<DateParts>) {
    const next = { ...parts, ...change };
    const last = daysInMonth(Number(next.year) || 2000, Number(next.month) || 1);
    if (next.day && Number(next.day) > last) next.day = pad(last);
    setParts(next);
    const composed = composeParts(next, dayOnly);
    setSeen(composed);
    onChange(composed);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const selectClass = cn(
    'h-11 rounded-lg border bg-white px-2 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100',
    error ? 'border-red-700' : 'border-slate-400',
  );
  const common = { disabled: disabled || !labels, required, onBlur, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: selectClass };
  const lastDay = daysInMonth(Number(parts.year) || 2000, Number(parts.month) || 1);
  const order = labels?.order ?? ['day', 'month', 'year'];
  const dateSelects = {
    day: (first: boolean) => (
      <select key="day" aria-label="Day" ref={first ? ref : undefined} value={parts.day} onChange={(e) => choose({ day: e.target.value })} {...common}>
        <option value="">Day</option>
        {Array.from({ length: lastDay }, (_, i) => (
          <option key={i} value={pad(i + 1)}>
            {i + 1}
          </option>
        ))}
      </select>
    ),
    month: (first: boolean) => (
      <select key="month" aria-label="Month" ref={first ? ref : undefined} value={parts.month} onChange={(e) => choose({ month: e.target.value })} {...common}>
        <option value="">Month</option>
        {labels?.months.map((name, i) => (
          <option key={name} value={pad(i + 1)}>
            {name}
          </option>
        ))}
      </select>
    ),
    year: (first: boolean) => (
      <select key="year" aria-label="Year" ref={first ? ref : undefined} value={parts.year} onChange={(e) => choose({ year: e.target.value })} {...common}>
        <option value="">Year</option>
        {yearOptions.map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
    ),
  };

  return (
    <fieldset className={cn('min-w-0', className)} aria-describedby={describedBy}>
      <legend className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {settings && !dayOnly ? <span className="font-normal text-slate-600"> ({settings.timeZone})</span> : null}
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex flex-wrap gap-1">{order.map((part, i) => dateSelects[part](i === 0))}</span>
        {dayOnly ? null : (
          <span className="flex items-center gap-1">
            <select aria-label="Hour" value={parts.hour} onChange={(e) => choose({ hour: e.target.value })} {...common}>
              <option value="">Hour</option>
              {labels?.hours.map((text, h) => (
                <option key={h} value={pad(h)}>
                  {text}
                </option>
              ))}
            </select>
            <span aria-hidden="true">:</span>
            <select aria-label="Minute" value={parts.minute} onChange={(e) => choose({ minute: e.target.value })} {...common}>
              <option value="">Min</option>
              {Array.from({ length: 60 }, (_, m) => (
                <option key={m} value={pad(m)}>
                  {pad(m)}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type FieldProps<In extends FieldValues, Out> = Omit<DateTimeInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'> & {
  form: UseFormReturn<In, unknown, Out>;
  name: Path<In>;
};

/** DateTimeInput bound to a useZodForm field: its message shows under it and goes when it is changed. */
export function DateTimeField<In extends FieldValues, Out>({ form, name, ...props }: FieldProps<In, Out>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <DateTimeInput
      {...props}
      ref={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onBlur={field.onBlur}
      onChange={(value) => {
        form.clearErrors(name);
        field.onChange(value);
      }}
      error={fieldState.error?.message}
    />
  );
}
