import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn.ts';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A validation message shown under the field and announced with it. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

const inputClasses = (invalid: boolean) =>
  cn(
    'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
    'disabled:bg-slate-100',
    invalid ? 'border-red-700' : 'border-slate-400',
  );

function FieldMessages({ errorId, hintId, error, hint }: { errorId: string; hintId: string; error?: string | null; hint?: ReactNode }) {
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

function describedBy(error: unknown, hint: unknown, errorId: string, hintId: string) {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

export function TextField({ label, error, hint, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        className={inputClasses(!!error)}
        {...input}
      />
      <FieldMessages errorId={errorId} hintId={hintId} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, className, ...input }: Omit<FieldProps, 'type'>) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error, hint, errorId, hintId)}
          className={cn(inputClasses(!!error), 'pr-12')}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldMessages errorId={errorId} hintId={hintId} error={error} hint={hint} />
    </div>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 3l18 18M10.6 10.6a3 3 0 0 0 4.2 4.2M9.9 5.2A9.8 9.8 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.1 6.1C3.6 7.9 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 4.2-.9" />
    </svg>
  );
}

/** A form-level error, announced when it appears. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </div>
  );
}
