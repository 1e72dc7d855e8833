import type { EventItem } from '@aesa/shared/events';
import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { useListAndForm } from '@/components/admin/use-list-and-form.ts';
import { EventForm } from './event-form.tsx';
import { EventGrid } from './event-grid.tsx';

// Event Management: the events as a grid of cards, and the event form.
export function EventManagementScreen() {
  const view = useListAndForm<EventItem>();
  return (
    <ModuleTabs
      label="Event management sections"
      value={view.tab}
      onValueChange={view.onTabChange}
      items={[
        { value: 'list', label: 'Events', content: <EventGrid onEdit={view.edit} onCreate={view.create} /> },
        {
          value: 'form',
          label: view.editing ? 'Edit Event' : 'Create Event',
          content: <EventForm key={view.editing?.id ?? 'new'} event={view.editing} onSaved={view.showList} onCancel={view.showList} />,
        },
      ]}
    />
  );
}
