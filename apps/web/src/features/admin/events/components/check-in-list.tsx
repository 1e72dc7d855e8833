import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { useId } from 'react';
import { ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { MemberPhoto } from '@/components/ui/member-photo.tsx';
import { loadFailed } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useEventCheckIns } from '../api/check-in-api.ts';

/** Everyone checked in at the event so far, the latest first. */
export function CheckInList({ eventId }: { eventId: string }) {
  const headingId = useId();
  const list = useEventCheckIns(eventId);
  const { time } = useDateFormat();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-bold text-navy-900">
        {CHECK_IN_MSG.listTitle}
        {list.data ? <span className="ml-2 text-base font-medium text-slate-600">({CHECK_IN_MSG.countCheckedIn(list.data.total)})</span> : null}
      </h2>
      {list.isPending ? (
        <ListLoading label="Loading check-ins..." />
      ) : list.isError ? (
        <ListError message={loadFailed('check-ins', list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.data.length === 0 ? (
        <p className="mt-2 text-slate-700">{CHECK_IN_MSG.listEmpty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {list.data.data.map((c) => (
            <li key={c.member.id} className="flex items-center gap-3 py-2">
              <MemberPhoto src={c.member.profile_image_url} className="size-10" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-navy-900">{c.member.name}</p>
                <p className="text-sm break-words text-slate-600">
                  {c.member.matric_number}
                  {c.member.current_level ? ` · ${c.member.current_level}` : ''} · {c.via === 'code' ? CHECK_IN_MSG.viaCode : CHECK_IN_MSG.viaMatric}
                </p>
              </div>
              <time dateTime={c.checked_in_at} className="shrink-0 text-sm text-slate-700">
                {time(c.checked_in_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
