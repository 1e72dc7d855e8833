import { SUBMISSION_STATUSES } from '@aesa/shared/constants';
import { SUBMISSION_STATUS_LABEL, articleFromSubmission, canCreateArticle, type SubmissionItem, type SubmissionStatus } from '@aesa/shared/editorial';
import { useId, useState } from 'react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states.tsx';
import { ArticleCover } from '@/components/article-cover.tsx';
import { ArticleTags } from '@/components/article-tags.tsx';
import { Button } from '@/components/ui/button.tsx';
import { loadFailed, useAdminDialogs } from '@/lib/admin-messages.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { flash } from '@/lib/flash.ts';
import { createArticle, useArticles, useEditorialMutation, useSubmissions } from '../api/editorial-api.ts';
import { openSubmissionFile } from '../lib/open-submission-file.ts';
import { ReviewDialog } from './review-dialog.tsx';
import { SubmissionStatusBadge } from './status-badge.tsx';
import { SelectField } from '@/components/ui/field.tsx';

export function SubmissionsTab() {
  const [status, setStatus] = useState<SubmissionStatus | ''>('');
  const [reviewing, setReviewing] = useState<SubmissionItem | null>(null);
  const submissions = useSubmissions(status);
  const articles = useArticles();
  const articleBySubmission = new Map((articles.data ?? []).map((a) => [a.source_submission_id, a]));

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as SubmissionStatus | '')} className="sm:w-60">
          <option value="">All statuses</option>
          {SUBMISSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {SUBMISSION_STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
        {submissions.data ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {submissions.data.length} submission{submissions.data.length === 1 ? '' : 's'}
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        {submissions.isPending ? (
          <ListLoading label="Loading submissions..." />
        ) : submissions.isError ? (
          <ListError message={loadFailed('submissions', submissions.error)} onRetry={() => void submissions.refetch()} retrying={submissions.isFetching} />
        ) : submissions.data.length === 0 ? (
          <EmptyState title={status ? `No ${SUBMISSION_STATUS_LABEL[status].toLowerCase()} submissions.` : 'No article submissions yet.'}>
            <p>Members submit articles from the AeroIntel page.</p>
          </EmptyState>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {submissions.data.map((submission) => (
              <li key={submission.id} className="flex">
                <SubmissionCard
                  submission={submission}
                  article={articleBySubmission.get(submission.id) ?? null}
                  onReview={() => setReviewing(submission)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {reviewing ? <ReviewDialog submission={reviewing} article={articleBySubmission.get(reviewing.id) ?? null} onClose={() => setReviewing(null)} /> : null}
    </div>
  );
}

function SubmissionCard({
  submission,
  article,
  onReview,
}: {
  submission: SubmissionItem;
  article: { status: string } | null;
  onReview: () => void;
}) {
  const { date: formatDate } = useDateFormat();
  const { alertFailure, notify } = useAdminDialogs();
  const titleId = useId();
  const create = useEditorialMutation(() => createArticle(articleFromSubmission(submission)));

  function onCreate() {
    create.mutate(undefined, {
      onSuccess: () => flash.success('Article created as a draft. Publish it from Published Articles.'),
      onError: (error) => alertFailure(error, (m) => `Error creating article: ${m}`),
    });
  }

  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ArticleCover src={submission.cover_image_url} title={submission.title} className="aspect-[3/1] w-full bg-slate-100 object-cover" />
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-navy-900">
            {submission.title}
          </h3>
          <SubmissionStatusBadge status={submission.submission_status} />
        </div>
        <p className="mt-1 text-sm break-words text-slate-700">
          By <span className="font-medium text-slate-900">{submission.users?.name || 'Unknown member'}</span>
          {submission.users?.email ? (
            <>
              {' '}
              ·{' '}
              <a href={`mailto:${submission.users.email}`} className="break-all text-brand-700 underline underline-offset-2">
                {submission.users.email}
              </a>
            </>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          Submitted <time dateTime={submission.submitted_at}>{formatDate(submission.submitted_at)}</time>
        </p>
        <p className="mt-3 line-clamp-4 text-sm break-words whitespace-pre-line text-slate-800">{submission.abstract}</p>
        <ArticleTags label="Keywords" tags={submission.keywords} className="mt-3" />
        {submission.notes ? (
          <div className="mt-3 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-sm">
            <p className="font-semibold text-amber-900">Review notes</p>
            <p className="mt-0.5 break-words whitespace-pre-line text-slate-800">{submission.notes}</p>
          </div>
        ) : null}
        {article ? (
          <p className="mt-3 text-sm font-medium text-green-800">
            Article created ({article.status === 'published' ? 'published' : 'draft'}).
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button size="sm" onClick={onReview}>
            Review
          </Button>
          {canCreateArticle(submission, !!article) ? (
            <Button size="sm" variant="secondary" onClick={onCreate} disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Article'}
            </Button>
          ) : null}
          {submission.file_url ? (
            <Button size="sm" variant="outline" onClick={() => void viewFile(submission.file_url!, notify)}>
              View File<span className="sr-only"> (opens in a new tab)</span>
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The file of a submission, in a new tab (fetched with the session: see open-submission-file.ts). */
async function viewFile(fileUrl: string, notify: (text: string) => void) {
  if (!(await openSubmissionFile(fileUrl))) notify('Failed to open the file. Please try again.');
}
