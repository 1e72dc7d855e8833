import type { PublicArticle } from '@aesa/shared/editorial';
import { Suspense, lazy, useId, useState } from 'react';
import { Link } from 'react-router';
import defaultCover from '@/assets/art/default-cover.svg';
import { ArticleCover } from '@/components/article-cover.tsx';
import { ArticleTags } from '@/components/article-tags.tsx';
import { ContentLayout } from '@/components/layouts/content-layout.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { LIST_PLACE } from '@/components/ui/list-states.tsx';
import { cn } from '@/lib/cn.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth.ts';
import { usePublishedArticles } from '../api/articles-api.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';

// Loaded only for signed-in members: visitors never download the submission form.
const ArticleSubmissionPanel = lazy(() => import('./article-submission-panel.tsx').then((m) => ({ default: m.ArticleSubmissionPanel })));


// AeroIntel: the published articles, or a word that none is published yet. Signed-in members
// submit articles here and follow their review.
export function AeroIntelScreen() {
  const { user } = useAuth();
  const articles = usePublishedArticles();
  return (
    <ContentLayout title="AeroIntel" wide>
      <p className="max-w-3xl text-slate-700">Articles, research, news and publications from the members of the association.</p>
      {/* Nothing visible moves when the articles arrive, however many there are: the list and the
          panel beside it take at least a screen, so the footer is always below them; and on a
          phone, where the panel comes under the list, the panel shows with the list, not before. */}
      <div className={cn('mt-6 grid content-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]', LIST_PLACE)}>
        <section aria-labelledby="articles-title" className="min-w-0">
          <h2 id="articles-title" className="sr-only">
            Articles
          </h2>
          {articles.isPending ? (
            <div className="flex items-center justify-center gap-3 py-16 text-slate-700">
              <Spinner label="Loading articles..." />
              <span aria-hidden="true">Loading articles...</span>
            </div>
          ) : articles.isError ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
              <p className="font-medium">Failed to load articles: {isApiError(articles.error) ? articles.error.message : 'Unknown error'}</p>
              <Button variant="outline" className="mt-3" onClick={() => void articles.refetch()} disabled={articles.isFetching}>
                Try Again
              </Button>
            </div>
          ) : articles.data.length === 0 ? (
            <NoArticles />
          ) : (
            <ul className="space-y-5">
              {articles.data.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <aside aria-label="Submit an article" className={articles.isPending ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
          {user ? (
            <Suspense fallback={<Spinner label="Loading the submission form" />}>
              <ArticleSubmissionPanel userId={user.id} />
            </Suspense>
          ) : (
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-bold text-navy-900">Write for AeroIntel</h2>
              <p className="mt-2 text-sm text-slate-700">
                Members can submit articles and research papers for review by the editorial team.
              </p>
              <Link to={paths.auth.login.href()} state={{ from: paths.aerointel.href() }} className={buttonClasses({ className: 'mt-4' })}>
                Log in to submit an article
              </Link>
            </div>
          )}
        </aside>
      </div>
    </ContentLayout>
  );
}

function NoArticles() {
  return (
    <div className="overflow-hidden rounded-2xl border border-dashed border-slate-300 bg-white">
      <img src={defaultCover} alt="" className="aspect-[4/1] w-full object-cover" />
      <div className="p-6 sm:p-8">
        <p className="text-lg font-semibold text-navy-900">No articles have been published yet.</p>
        <p className="mt-2 text-slate-700">
          Articles, research, news and publications by members appear here once the editorial team has reviewed them.
        </p>
      </div>
    </div>
  );
}

function ArticleCard({ article }: { article: PublicArticle }) {
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const long = article.content.length > 360;
  const published = useDateFormat().date(article.published_at);
  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ArticleCover src={article.cover_image_url} title={article.title} className="aspect-[4/1] w-full bg-slate-100 object-cover" />
      <div className="p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{article.category}</p>
        <h3 id={titleId} className="mt-1 text-xl font-bold break-words text-navy-900">
          {article.title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {article.author?.name ? `By ${article.author.name} · ` : ''}
          {published ? <time dateTime={article.published_at}>{published}</time> : null}
        </p>
        <p id={bodyId} className={`mt-3 break-words whitespace-pre-line text-slate-800 ${open || !long ? '' : 'line-clamp-4'}`}>
          {article.content}
        </p>
        {long ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
            className="mt-2 text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            {open ? 'Show less' : 'Read more'}
          </button>
        ) : null}
        <ArticleTags tags={article.tags} className="mt-3" />
      </div>
    </article>
  );
}
