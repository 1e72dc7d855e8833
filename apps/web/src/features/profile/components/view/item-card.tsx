import type { ReactNode } from 'react';
import { safeImageSrc } from '../../lib/format.ts';
import { LockIcon } from '../profile-icons.tsx';

/** Marks an item only its owner sees. */
export function PrivateBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <LockIcon />
      Private
    </span>
  );
}

/** The card of every listed item (project, achievement, volunteer activity): image, title, privacy, a meta line, the rest. */
export function ItemCard({
  image,
  title,
  isPrivate,
  meta,
  description,
  children,
  footer,
}: {
  image: string | null;
  title: string;
  isPrivate: boolean;
  meta?: ReactNode;
  /** Shown cut to four lines. */
  description?: string | null;
  /** Between the meta line and the description. */
  children?: ReactNode;
  /** After the description, at the bottom of the card. */
  footer?: ReactNode;
}) {
  const src = safeImageSrc(image);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      {src ? <img src={src} alt="" className="h-36 w-full bg-slate-200 object-cover" loading="lazy" /> : null}
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-bold break-words text-slate-900">{title}</h3>
          {isPrivate ? <PrivateBadge /> : null}
        </div>
        {meta ? <div className="text-sm text-slate-600">{meta}</div> : null}
        {children}
        {description ? <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-slate-700">{description}</p> : null}
        {footer}
      </div>
    </article>
  );
}
