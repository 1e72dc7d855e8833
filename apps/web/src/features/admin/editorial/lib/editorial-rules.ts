import { DEFAULT_ARTICLE_CATEGORY, type SubmissionItem, type SubmissionStatus } from '@aesa/shared/editorial';
import type { ArticleCreateBody } from '../api/editorial-api.ts';

export const SUBMISSION_STATUS_LABEL: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  needs_revision: 'Needs Revision',
};

/** Only accepted submissions can be turned into an article (spec 02 §4), and only once. */
export const canCreateArticle = (submission: Pick<SubmissionItem, 'submission_status'>, hasArticle: boolean) =>
  submission.submission_status === 'accepted' && !hasArticle;

/** The article made from an accepted submission: its title, abstract and keywords; Academic; draft (spec 02 §4, §9). */
export function articleFromSubmission(submission: Pick<SubmissionItem, 'id' | 'title' | 'abstract' | 'keywords'>): ArticleCreateBody {
  return {
    title: submission.title,
    content: submission.abstract,
    category: DEFAULT_ARTICLE_CATEGORY,
    status: 'draft',
    tags: submission.keywords ?? [],
    source_submission_id: submission.id,
  };
}
