import type { EventItem } from '@aesa/shared/events';
import { useState } from 'react';
import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { useListAndForm } from '@/components/admin/use-list-and-form.ts';
import { AttendeesView } from './attendees-view.tsx';
import { EventForm } from './event-form.tsx';
import { EventGrid } from './event-grid.tsx';

// Event Management: the events as a grid of cards, the event form, and the attendees of the
// event chosen on its card (a tab of its own while it is open).
export function EventManagementScreen() {
  const view = useListAndForm<EventItem>();
  const [attendeesOf, setAttendeesOf] = useState<EventItem | null>(null);
  const showList = () => {
    setAttendeesOf(null);
    view.showList();
  };
  return (
    <ModuleTabs
      label="Event management sections"
      value={attendeesOf ? 'attendees' : view.tab}
      onValueChange={(value) => {
        if (value === 'attendees') return;
        setAttendeesOf(null);
        view.onTabChange(value);
      }}
      items={[
        {
          value: 'list',
          label: 'Events',
          content: (
            <EventGrid
              onEdit={view.edit}
              onCreate={view.create}
              onAttendees={(event) => {
                view.showList();
                setAttendeesOf(event);
              }}
            />
          ),
        },
        {
          value: 'form',
          label: view.editing ? 'Edit Event' : 'Create Event',
          content: <EventForm key={view.editing?.id ?? 'new'} event={view.editing} onSaved={showList} onCancel={showList} />,
        },
        ...(attendeesOf ? [{ value: 'attendees', label: 'Attendees', content: <AttendeesView event={attendeesOf} onBack={showList} /> }] : []),
      ]}
    />
  );
}
