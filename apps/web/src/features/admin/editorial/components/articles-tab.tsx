import type { ArticleItem } from '@aesa/shared/editorial';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { ArticleTags } from '@/components/article-tags.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { cn } from '@/lib/cn.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { flash } from '@/lib/flash.ts';
import { deleteArticle, setArticleStatus, useArticles, useEditorialMutation } from '../api/editorial-api.ts';

/** Published Articles: the articles made from accepted submissions, with publish/unpublish and delete. */
export function ArticlesTab() {
  const articles = useArticles();
  if (articles.isPending) return <ListLoading label="Loading articles..." />;
  if (articles.isError) {
    return <ListError message={loadFailed('articles', articles.error)} onRetry={() => void articles.refetch()} retrying={articles.isFetching} />;
  }
  if (articles.data.length === 0) {
    return (
      <EmptyState title="No articles yet.">
        <p>Accept a submission, then use Create Article on it: the article starts as a draft here.</p>
      </EmptyState>
    );
  }
  const published = articles.data.filter((a) => a.status === 'published').length;
  return (
    <div>
      <p className="text-sm text-slate-700">
        {published} published, {articles.data.length - published} draft{articles.data.length - published === 1 ? '' : 's'}. Published articles
        appear on{' '}
        <Link to={paths.aerointel.href()} className="font-semibold text-brand-700 underline underline-offset-2">
          AeroIntel
        </Link>
        .
      </p>
      <ul className="mt-4 space-y-3">
        {articles.data.map((article) => (
          <li key={article.id}>
            <ArticleRow article={article} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ArticleRow({ article }: { article: ArticleItem }) {
  const { date: formatDate } = useDateFormat();
  const { alertFailure, confirmAction } = useAdminDialogs();
  const titleId = useId();
  const isPublished = article.status === 'published';
  const toggle = useEditorialMutation(() => setArticleStatus(article.id, article.version, isPublished ? 'draft' : 'published'));
  const remove = useEditorialMutation(() => deleteArticle(article.id, article.version));

  function onToggle() {
    toggle.mutate(undefined, {
      onSuccess: () => flash.success(isPublished ? 'Article unpublished' : 'Article published'),
      onError: (error) => alertFailure(error, (m) => `Error updating article: ${m}`),
    });
  }

  async function onDelete() {
    if (!await confirmAction(`Are you sure you want to delete the article "${article.title}"? This cannot be undone.`)) return;
    remove.mutate(undefined, {
      onSuccess: () => flash.success('Article deleted'),
      onError: (error) => alertFailure(error, (m) => `Error deleting article: ${m}`),
    });
  }

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="min-w-0 font-bold break-words text-navy-900">
            {article.title}
          </h3>
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              isPublished ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800',
            )}
          >
            {isPublished ? 'Published' : 'Draft'}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {article.category}
          {article.author?.name ? ` · by ${article.author.name}` : ''}
          {isPublished && article.published_at ? ` · published ${formatDate(article.published_at)}` : ` · created ${formatDate(article.created_at)}`}
        </p>
        <p className="mt-2 line-clamp-2 text-sm break-words text-slate-700">{article.content}</p>
        <ArticleTags tags={article.tags} className="mt-2" />
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant={isPublished ? 'outline' : 'primary'} onClick={onToggle} disabled={toggle.isPending} aria-label={`${isPublished ? 'Unpublish' : 'Publish'} ${article.title}`}>
          {toggle.isPending ? 'Saving...' : isPublished ? 'Unpublish' : 'Publish'}
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete} disabled={remove.isPending} aria-label={`Delete ${article.title}`}>
          Delete
        </Button>
      </div>
    </article>
  );
}
