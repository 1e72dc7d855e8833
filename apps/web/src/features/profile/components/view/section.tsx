import { type ReactNode, useId } from 'react';
import { PencilIcon } from '../profile-icons.tsx';

/** The frame of every profile section: a card with its heading, an optional action, and the owner's edit button. */
export function Section({
  title,
  editLabel,
  onEdit,
  action,
  children,
}: {
  title: string;
  editLabel?: string;
  onEdit?: () => void;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const label = editLabel ?? `Edit ${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-navy-900">
          {title}
        </h2>
        <div className="flex items-center gap-1">
          {action}
          {onEdit ? (
            <button
              type="button"
              onClick={onEdit}
              aria-label={label}
              title={label}
              className="flex size-10 items-center justify-center rounded-lg text-brand-700 hover:bg-sky-50"
            >
              <PencilIcon className="size-5" />
            </button>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/** The text a section shows when it has nothing yet. */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="text-slate-600">{children}</p>;
}
