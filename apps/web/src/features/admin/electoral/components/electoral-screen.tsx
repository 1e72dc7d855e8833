import type { Election } from '@aesa/shared/elections';
import { useState } from 'react';
import { AdminModuleScreen } from '@/components/admin/admin-screen.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { ElectionForm } from './election-form.tsx';
import { ElectionList } from './election-list.tsx';

// Electoral Management (spec 02 §2.4): the elections, and the form that creates or edits one.
export function ElectoralScreen() {
  return (
    <AdminModuleScreen title="Electoral Management" module="electoral" intro="Create elections, manage their candidates and publish results.">
      <ElectoralTabs />
    </AdminModuleScreen>
  );
}

function ElectoralTabs() {
  const [tab, setTab] = useState<'elections' | 'form'>('elections');
  const [editing, setEditing] = useState<Election | null>(null);

  function showList() {
    setEditing(null);
    setTab('elections');
  }

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        if (value === 'elections') showList();
        else setTab('form');
      }}
    >
      <TabsList aria-label="Electoral management sections" className="max-w-md">
        <TabsTrigger value="elections">Elections</TabsTrigger>
        <TabsTrigger value="form">{editing ? 'Edit Election' : 'Create Election'}</TabsTrigger>
      </TabsList>
      <TabsContent value="elections">
        <ElectionList
          onEdit={(election) => {
            setEditing(election);
            setTab('form');
          }}
          onCreate={() => setTab('form')}
        />
      </TabsContent>
      <TabsContent value="form">
        <ElectionForm key={editing?.id ?? 'new'} election={editing} onSaved={showList} onCancel={showList} />
      </TabsContent>
    </Tabs>
  );
}
