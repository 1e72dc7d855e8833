import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/**
 * A picture's file input: the label, what is shown above the input (a preview), the accepted
 * types, then the hint and the error, both tied to the input.
 */
export function ImageFileField({
  label,
  hint,
  liveHint = false,
  error,
  className,
  children,
  ...input
}: {
  label: string;
  hint: ReactNode;
  /** The hint changes while an upload runs, and is read out when it does. */
  liveHint?: boolean;
  error: string | null;
  className?: string;
  /** Shown between the label and the input. */
  children?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'accept' | 'className' | 'children'>) {
  const inputId = useId();
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-navy-900 file:px-4 file:text-sm file:font-semibold file:text-white hover:file:bg-navy-800"
        {...input}
      />
      <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600" aria-live={liveHint ? 'polite' : undefined}>
        {hint}
      </p>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
