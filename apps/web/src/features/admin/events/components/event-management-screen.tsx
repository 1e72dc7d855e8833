import type { EventItem } from '@aesa/shared/events';
import { useState } from 'react';
import { AdminModuleScreen } from '@/components/admin/admin-screen.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { EventForm } from './event-form.tsx';
import { EventGrid } from './event-grid.tsx';

// Event Management (spec 02 §2.7): the events as a grid of cards, and the event form.
export function EventManagementScreen() {
  return (
    <AdminModuleScreen title="Event Management" module="event" intro="Create the events members see on the Events page.">
      <EventTabs />
    </AdminModuleScreen>
  );
}

function EventTabs() {
  const [tab, setTab] = useState<'events' | 'form'>('events');
  const [editing, setEditing] = useState<EventItem | null>(null);

  function showList() {
    setEditing(null);
    setTab('events');
  }

  return (
    <Tabs value={tab} onValueChange={(value) => (value === 'events' ? showList() : setTab('form'))}>
      <TabsList aria-label="Event management sections" className="max-w-md">
        <TabsTrigger value="events">Events</TabsTrigger>
        <TabsTrigger value="form">{editing ? 'Edit Event' : 'Create Event'}</TabsTrigger>
      </TabsList>
      <TabsContent value="events">
        <EventGrid
          onEdit={(event) => {
            setEditing(event);
            setTab('form');
          }}
          onCreate={() => setTab('form')}
        />
      </TabsContent>
      <TabsContent value="form">
        <EventForm key={editing?.id ?? 'new'} event={editing} onSaved={showList} onCancel={showList} />
      </TabsContent>
    </Tabs>
  );
}
