import type { PickerUser } from '@aesa/shared/admin';
import { Avatar } from '@/components/ui/avatar.tsx';
import { cn } from '@/lib/cn.ts';
import { previewOf } from './selection.ts';

/** The chosen users: the first three by name, then 'and N more'. */
export function SelectedUsersPreview({
  users,
  className,
  label = 'Selected users',
}: {
  users: readonly Pick<PickerUser, 'id' | 'name' | 'profile_image_url'>[];
  className?: string;
  label?: string;
}) {
  if (users.length === 0) return null;
  const { shown, moreText } = previewOf(users);
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-2 text-sm', className)} aria-label={label} role="group">
      {shown.map((user) => (
        <span key={user.id} className="inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full bg-sky-50 py-0.5 pr-3 pl-0.5 text-sky-950 ring-1 ring-sky-200">
          <Avatar name={user.name} src={user.profile_image_url} className="size-7" />
          <span className="truncate">{user.name || 'Unnamed member'}</span>
        </span>
      ))}
      {moreText ? <span className="font-medium text-slate-700">{moreText}</span> : null}
    </div>
  );
}
