import { useId } from 'react';
import { cn } from '@/lib/cn.ts';

/** An on/off switch with its label and an optional description (role="switch", aria-checked). */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  className,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-start justify-between gap-3', className)}>
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
          {label}
        </span>
        {description ? (
          <span id={`${id}-desc`} className="block text-sm text-slate-600">
            {description}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          checked ? 'border-brand-600 bg-brand-600' : 'border-slate-500 bg-slate-200',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-[1.35rem]' : 'translate-x-0.5')}
        />
      </button>
    </div>
  );
}
