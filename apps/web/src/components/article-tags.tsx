import { cn } from '@/lib/cn.ts';

/** An article's tags (or a submission's keywords) as small pills; nothing when there are none. */
export function ArticleTags({
  tags,
  label = 'Tags',
  className,
}: {
  tags: readonly string[] | null | undefined;
  label?: string;
  className?: string;
}) {
  if (!tags?.length) return null;
  return (
    <ul aria-label={label} className={cn(className, 'flex flex-wrap gap-1.5')}>
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium break-all text-slate-800">
          {t}
        </li>
      ))}
    </ul>
  );
}
