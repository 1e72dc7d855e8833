import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn.ts';

// A textarea and a select with the same label, hint and error wiring as TextField (field.tsx).

const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
    'disabled:bg-slate-100',
    invalid ? 'border-red-700' : 'border-slate-400',
  );

function useDescribed(id: string | undefined, error: unknown, hint: unknown) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, describedBy };
}

function Messages({ errorId, hintId, error, hint }: { errorId: string; hintId: string; error?: string | null; hint?: ReactNode }) {
  return (
    <>
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
    </>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

export function TextAreaField({ label, error, hint, id, className, rows = 4, ...props }: TextAreaFieldProps) {
  const { controlId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={controlId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClasses(!!error), 'py-2')}
        {...props}
      />
      <Messages errorId={errorId} hintId={hintId} error={error} hint={hint} />
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  children: ReactNode;
}

export function SelectField({ label, error, hint, id, className, children, ...props }: SelectFieldProps) {
  const { controlId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClasses(!!error), 'h-11')}
        {...props}
      >
        {children}
      </select>
      <Messages errorId={errorId} hintId={hintId} error={error} hint={hint} />
    </div>
  );
}
