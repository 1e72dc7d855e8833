import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { cn } from '@/lib/cn.ts';

// The form fields: a label above the control, an optional hint and a validation message under it,
// both tied to the control with aria-describedby (and aria-invalid while there is an error).

interface FieldCommon {
  label: string;
  /** A validation message shown under the field and announced with it. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
  /** Another element that describes the control (e.g. a character counter). */
  describedById?: string;
}

const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
    'disabled:bg-slate-100',
    invalid ? 'border-red-700' : 'border-slate-400',
  );

/** The ids and ARIA wiring of one field. */
function useField({ id, error, hint, describedById }: Pick<FieldCommon, 'id' | 'error' | 'hint' | 'describedById'>) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, describedById].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
}

/** The label, the control, then the hint and the error. */
function FieldFrame({
  label,
  error,
  hint,
  className,
  ids,
  children,
}: Pick<FieldCommon, 'label' | 'error' | 'hint' | 'className'> & { ids: { controlId: string; hintId: string; errorId: string }; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.controlId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Splits a field's props into what its frame shows (label, hint, error) and what goes to the
 * control, with the control's id and ARIA wiring.
 */
function useFieldParts<P extends FieldCommon>({ label, error, hint, id, className, describedById, ...control }: P) {
  const { aria, ...ids } = useField({ id, error, hint, describedById });
  return { frame: { label, error, hint, className, ids }, wiring: { id: ids.controlId, ...aria }, invalid: !!error, control };
}

// `ref` reaches the control: a react-hook-form registration (`{...form.field('name')}`) spreads
// straight onto these fields.
type InputProps = FieldCommon & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { ref?: Ref<HTMLInputElement> };

export function TextField(props: InputProps) {
  const { frame, wiring, invalid, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <input {...wiring} className={cn(controlClasses(invalid), 'h-11')} {...control} />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<InputProps, 'type'>) {
  const { frame, wiring, invalid, control } = useFieldParts(props);
  const [visible, setVisible] = useState(false);
  const label = props.label.toLowerCase();
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <input {...wiring} type={visible ? 'text' : 'password'} className={cn(controlClasses(invalid), 'h-11 pr-12')} {...control} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={visible}
          aria-controls={wiring.id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}

export function TextAreaField(
  props: FieldCommon & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { ref?: Ref<HTMLTextAreaElement> },
) {
  const { frame, wiring, invalid, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...wiring} className={cn(controlClasses(invalid), 'py-2')} {...control} rows={control.rows ?? 4} />
    </FieldFrame>
  );
}

export function SelectField(
  props: FieldCommon & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { ref?: Ref<HTMLSelectElement> },
) {
  const { frame, wiring, invalid, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <select {...wiring} className={cn(controlClasses(invalid), 'h-11')} {...control} />
    </FieldFrame>
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
