import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn.ts';

// Multi-line text, select and on/off fields in the look of field.tsx's TextField.

const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100',
    invalid ? 'border-red-700' : 'border-slate-400',
  );

function Messages({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, error: unknown, hint: unknown, extra?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null, extra].filter(Boolean).join(' ') || undefined;

interface Common {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  describedById,
  ...props
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { describedById?: string }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint, describedById)}
        className={cn(controlClasses(!!error), 'min-h-28 py-2')}
        {...props}
      />
      <Messages id={fieldId} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...props
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cn(controlClasses(!!error), 'h-11')}
        {...props}
      >
        {children}
      </select>
      <Messages id={fieldId} error={error} hint={hint} />
    </div>
  );
}

/** An on/off switch (a checkbox with role="switch"), its label beside it. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
  id,
  className,
}: Omit<Common, 'error'> & { checked: boolean; onChange: (checked: boolean) => void }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={fieldId}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? `${fieldId}-hint` : undefined}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
      <span>
        <label htmlFor={fieldId} className="block cursor-pointer text-sm font-semibold text-slate-800">
          {label}
        </label>
        {hint ? (
          <span id={`${fieldId}-hint`} className="block text-sm text-slate-600">
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}
