// Articles: member submissions, the editorial review, and published articles (AeroIntel): the
// rules and texts shared by the server and the screens. The zod schemas (requests and answers)
// are in schemas/editorial.ts.
import { LIMITS, SUBMISSION_STATUSES } from './constants.ts';

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const DEFAULT_ARTICLE_CATEGORY = 'Academic';
export const ARTICLE_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const KEYWORDS_MAX = 20;
export const TAGS_MAX = 20;

export const EDITORIAL_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${LIMITS.titleMax} characters`,
  abstractRequired: 'Abstract is required',
  abstractTooLong: `Abstract must be at most ${LIMITS.textMax} characters`,
  keywordTooLong: 'Each keyword must be at most 50 characters',
  tooManyKeywords: `At most ${KEYWORDS_MAX} keywords`,
  pdfRequired: 'Please attach the article as a PDF file.',
  notPdf: 'The article file must be a PDF document.',
  pdfTooLarge: 'The PDF must be at most 10 MB.',
  submissionNotFound: 'Submission not found',
  statusInvalid: `Status must be one of ${SUBMISSION_STATUSES.join(', ')}`,
  notesTooLong: `Notes must be at most ${LIMITS.textMax} characters`,
  sourceRequired: 'An article is created from an accepted submission: source_submission_id is required.',
  onlyAccepted: 'Only accepted submissions can be turned into an article.',
  alreadyCreated: 'An article has already been created from this submission.',
  articleNotFound: 'Article not found',
  articleStatusInvalid: 'Article status must be draft or published',
  categoryTooLong: 'Category must be at most 60 characters',
  contentTooLong: 'Content must be at most 100000 characters',
  tagTooLong: 'Each tag must be at most 40 characters',
  tooManyTags: `At most ${TAGS_MAX} tags`,
  unpublishOnlyOnReject: 'unpublish_article can only be sent when rejecting a submission',
  /** Asked when a submission whose article is published is rejected. */
  confirmUnpublish: (title: string) =>
    `The article made from "${title}" is published on AeroIntel. Unpublish it too? It goes back to draft and leaves the public list.`,
  rejectedAndUnpublished: 'Submission rejected and its article unpublished',
} as const;

export const SUBMISSION_STATUS_LABEL: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  needs_revision: 'Needs Revision',
};

/** Only accepted submissions can be turned into an article, and only once. */
export const canCreateArticle = (submission: { submission_status: SubmissionStatus }, hasArticle: boolean) =>
  submission.submission_status === 'accepted' && !hasArticle;

/** "a, b ,, c" → ['a','b','c'], duplicates removed (case-insensitive, first spelling kept). */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

/**
 * The article made from an accepted submission: its title, abstract (as the
 * content) and keywords (as the tags); category Academic; status draft. The server applies
 * the same defaults to any field left out.
 */
export function articleFromSubmission(submission: { id: string; title: string; abstract: string; keywords: string[] | null }) {
  return {
    title: submission.title,
    content: submission.abstract,
    category: DEFAULT_ARTICLE_CATEGORY,
    status: 'draft' as ArticleStatus,
    tags: submission.keywords ?? [],
    source_submission_id: submission.id,
  };
}

// Request schemas (zod) are in schemas/editorial.ts; their input types are re-exported here.
export type { ArticleCreateInput, ArticleUpdateInput, SubmissionStatusInput } from './schemas/editorial.ts';

// Response shapes: zod schemas in schemas/editorial.ts; their wire types are re-exported here.
export type {
  ArticleItem,
  ArticleListResponse,
  MySubmissionItem,
  MySubmissionsResponse,
  PublicArticle,
  PublicArticlesResponse,
  SubmissionItem,
  SubmissionListResponse,
} from './schemas/editorial.ts';
