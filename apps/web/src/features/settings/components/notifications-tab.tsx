import { KIND_NAMES, NOTIFICATION_KINDS, NOTIFICATION_MSG, type NotificationKind } from '@aesa/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { notificationChoicesQuery, useSetNotificationChoice } from '@/features/notifications/api/notifications-api.ts';
import { flash } from '@/lib/flash.ts';

/** Settings → Notifications: each kind of mail on or off, saved as it is flipped. */
export function NotificationsTab({ userId }: { userId: string }) {
  const choices = useQuery(notificationChoicesQuery(userId));
  const save = useSetNotificationChoice(userId);
  // What the member just chose, shown at once (a controlled switch would otherwise spring back
  // until the save's state arrives); a refused save puts the stored choice back.
  const [chosen, setChosen] = useState<Partial<Record<NotificationKind, boolean>>>({});

  if (choices.isPending) return <Spinner label="Loading your notification choices" />;
  if (choices.isError) {
    return (
      <div className="space-y-3 text-sm">
        <p role="alert" className="text-red-800">
          {choices.error.message}
        </p>
        <Button variant="outline" onClick={() => void choices.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const flip = (kind: NotificationKind, on: boolean) => {
    setChosen((c) => ({ ...c, [kind]: on }));
    save.mutate(
      { [kind]: on },
      {
        onSuccess: (res) => flash.success(res.message),
        onError: (error) => {
          setChosen(({ [kind]: _dropped, ...rest }) => rest);
          flash.error(error.message);
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">Choose which e-mails you get from the association.</p>
      <div className="space-y-4">
        {NOTIFICATION_KINDS.map((kind) => (
          <Switch
            key={kind}
            controlLast
            label={KIND_NAMES[kind].label}
            description={KIND_NAMES[kind].hint}
            checked={chosen[kind] ?? choices.data[kind]}
            disabled={save.isPending}
            onChange={(on) => flip(kind, on)}
          />
        ))}
      </div>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">{NOTIFICATION_MSG.accountMailAlwaysGoes}</p>
    </div>
  );
}
