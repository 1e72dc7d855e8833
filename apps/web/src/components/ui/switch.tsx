import { useId } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * An on/off switch: a native checkbox with role="switch", its label and an optional description.
 * The control stands before the label, or after it with `controlLast` (a list of settings).
 */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  controlLast = false,
  id,
  className,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  controlLast?: boolean;
  id?: string;
  className?: string;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={cn('flex items-start gap-3', controlLast && 'flex-row-reverse justify-between', className)}>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={controlId}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={description ? `${controlId}-desc` : undefined}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full border-2 border-slate-500 bg-slate-200 transition-colors checked:border-brand-600 checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
      <span className="min-w-0">
        <label htmlFor={controlId} className="block cursor-pointer text-sm font-semibold text-slate-900">
          {label}
        </label>
        {description ? (
          <span id={`${controlId}-desc`} className="block text-sm text-slate-600">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
