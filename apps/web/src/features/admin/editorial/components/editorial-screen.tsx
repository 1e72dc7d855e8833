import { AdminModuleScreen } from '@/components/admin/admin-screen.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { ArticlesTab } from './articles-tab.tsx';
import { SubmissionsTab } from './submissions-tab.tsx';

// Editorial Management (spec 02 §2.3): members' article submissions, and the articles made from them.
export function EditorialScreen() {
  return (
    <AdminModuleScreen title="Editorial Management" module="editorial" intro="Review article submissions and publish articles on AeroIntel.">
      <Tabs defaultValue="submissions">
        <TabsList aria-label="Editorial sections" className="max-w-md">
          <TabsTrigger value="submissions">Article Submissions</TabsTrigger>
          <TabsTrigger value="articles">Published Articles</TabsTrigger>
        </TabsList>
        <TabsContent value="submissions">
          <SubmissionsTab />
        </TabsContent>
        <TabsContent value="articles">
          <ArticlesTab />
        </TabsContent>
      </Tabs>
    </AdminModuleScreen>
  );
}
