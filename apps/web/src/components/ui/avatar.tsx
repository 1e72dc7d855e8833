import { useState } from 'react';
import { cn } from '@/lib/cn.ts';

function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** A round picture of a member, or their initials when there is none (or it fails to load). */
export function Avatar({ name, src, className }: { name?: string | null; src?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', className ?? 'size-9');
  if (src && !failed) {
    return <img src={src} alt="" className={cn(base, 'object-cover')} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className={cn(base, 'bg-accent-300 text-sm font-bold text-navy-900')}>
      {initials(name)}
    </span>
  );
}
