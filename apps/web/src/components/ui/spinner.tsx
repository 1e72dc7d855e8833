import { cn } from '@/lib/cn.ts';

/** The turning circle alone, hidden from assistive technology: for use inside a status text that says what loads. */
export function SpinnerIcon({ className }: { className?: string }) {
  return (
    <svg className={cn('size-6 animate-spin text-brand-600', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner announced as a status with its label. Not inside another status: use SpinnerIcon there. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <SpinnerIcon />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the page body, for route loads and the auth check. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} className="[&_svg]:size-10" />
    </div>
  );
}

/** A loading state in words (the spec's "Loading members...", ...), announced once, with a spinner. */
export function LoadingMessage({ children, className, small = false }: { children: string; className?: string; small?: boolean }) {
  return (
    <p role="status" className={cn('flex items-center justify-center gap-3 text-slate-700', className)}>
      <SpinnerIcon className={small ? 'size-4' : undefined} />
      {children}
    </p>
  );
}
