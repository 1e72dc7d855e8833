import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Switch } from '@/components/ui/switch.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage, isSessionEnd } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { ownProfileKey } from '@/lib/own-profile.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { updateProfile } from '../../api/update-profile.ts';
import type { ProfileMode } from './profile-mode.ts';
import { Section } from './section.tsx';

/**
 * The events the member was checked in at. The owner always sees them, with the switch that
 * shows them to others (off by default); others see the section only when it is on (the server
 * sends the list only then).
 */
export function AttendedEventsSection({ profile, mode }: { profile: ProfileData; mode: ProfileMode }) {
  const { date } = useDateFormat();
  const events = profile.attended_events;
  if (mode !== 'own' && !events) return null;
  return (
    <Section title={CHECK_IN_MSG.attendedTitle}>
      {mode === 'own' ? <ShowAttendedSwitch shown={!!profile.show_attended_events} /> : null}
      {events && events.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <Link to={paths.event.href(e.id)} className="min-w-0 font-medium break-words text-brand-700 underline underline-offset-2">
                {e.title}
              </Link>
              <time dateTime={String(e.event_date)} className="text-sm text-slate-600">
                {date(e.event_date)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-700">{mode === 'own' ? 'You have not been checked in at an event yet.' : 'No events attended yet.'}</p>
      )}
    </Section>
  );
}

function ShowAttendedSwitch({ shown }: { shown: boolean }) {
  const queryClient = useQueryClient();
  // The switch shows the member's choice at once; it falls back to the stored one if saving fails.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: (on: boolean) => updateProfile({ show_attended_events: on }),
    onSuccess: (answer) => queryClient.setQueryData(ownProfileKey, answer.profile),
    onError: (error) => {
      if (!isSessionEnd(error)) flash.error(errorMessage(error));
    },
    onSettled: () => setWanted(null),
  });
  return (
    <Switch
      label={CHECK_IN_MSG.showAttended}
      description="Off: only you see this list."
      checked={wanted ?? shown}
      disabled={change.isPending}
      onChange={(on) => {
        setWanted(on);
        change.mutate(on);
      }}
    />
  );
}
