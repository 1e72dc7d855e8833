import { ModuleTabs } from '@/components/admin/admin-screen.tsx';
import { ArticlesTab } from './articles-tab.tsx';
import { SubmissionsTab } from './submissions-tab.tsx';

// Editorial Management: members' article submissions, and the articles made from them.
export function EditorialScreen() {
  return (
    <ModuleTabs
      label="Editorial sections"
      items={[
        { value: 'submissions', label: 'Article Submissions', content: <SubmissionsTab /> },
        { value: 'articles', label: 'Published Articles', content: <ArticlesTab /> },
      ]}
    />
  );
}
