import type { Election } from '@aesa/shared/elections';
import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { useListAndForm } from '@/components/admin/use-list-and-form.ts';
import { ElectionForm } from './election-form.tsx';
import { ElectionList } from './election-list.tsx';

// Electoral Management: the elections, and the form that creates or edits one.
export function ElectoralScreen() {
  const view = useListAndForm<Election>();
  return (
    <ModuleTabs
      label="Electoral management sections"
      value={view.tab}
      onValueChange={view.onTabChange}
      items={[
        { value: 'list', label: 'Elections', content: <ElectionList onEdit={view.edit} onCreate={view.create} /> },
        {
          value: 'form',
          label: view.editing ? 'Edit Election' : 'Create Election',
          content: <ElectionForm key={view.editing?.id ?? 'new'} election={view.editing} onSaved={view.showList} onCancel={view.showList} />,
        },
      ]}
    />
  );
}
