// Articles: member submissions, the editorial review, and published articles (AeroIntel).
// Spec 02 §2.3, §3, §4, §7 and spec 01 §7 (GET /articles).
import { z } from 'zod';
import { LIMITS, SUBMISSION_STATUSES } from './constants.ts';
import { pageQuery } from './admin.ts';

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
} as const;

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

/** Text fields of POST /api/articles/submissions (multipart: title, abstract, keywords; files cover_image?, file). */
export const submissionFieldsSchema = z.object({
  title: z.string({ error: EDITORIAL_MSG.titleRequired }).trim().min(1, { error: EDITORIAL_MSG.titleRequired }).max(LIMITS.titleMax, { error: EDITORIAL_MSG.titleTooLong }),
  abstract: z.string({ error: EDITORIAL_MSG.abstractRequired }).trim().min(1, { error: EDITORIAL_MSG.abstractRequired }).max(LIMITS.textMax, { error: EDITORIAL_MSG.abstractTooLong }),
  keywords: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => splitList(v ?? ''))
    .refine((list) => list.length <= KEYWORDS_MAX, { error: EDITORIAL_MSG.tooManyKeywords })
    .refine((list) => list.every((k) => k.length <= 50), { error: EDITORIAL_MSG.keywordTooLong }),
});

/** GET /api/admin/editorial/article-submissions?status=&limit=&offset= (the screen asks limit 50, offset 0). */
export const submissionListQuery = z.object({
  status: z.enum(SUBMISSION_STATUSES, { error: EDITORIAL_MSG.statusInvalid }).optional(),
  ...pageQuery(50, 200),
});

/** PATCH /api/admin/editorial/article-submissions/{id}/status. Any status may be set from any status. */
export const submissionStatusSchema = z.object({
  submission_status: z.enum(SUBMISSION_STATUSES, { error: EDITORIAL_MSG.statusInvalid }),
  notes: z.string().trim().max(LIMITS.textMax, { error: EDITORIAL_MSG.notesTooLong }).nullable().optional(),
});

const tagsField = z
  .union([z.array(z.string().max(40, { error: EDITORIAL_MSG.tagTooLong })), z.string().max(2000)], { error: 'Tags must be a list' })
  .transform((v) => (Array.isArray(v) ? splitList(v.join(',')) : splitList(v)))
  .refine((list) => list.length <= TAGS_MAX, { error: EDITORIAL_MSG.tooManyTags })
  .refine((list) => list.every((t) => t.length <= 40), { error: EDITORIAL_MSG.tagTooLong });
const articleTitle = z.string({ error: EDITORIAL_MSG.titleRequired }).trim().min(1, { error: EDITORIAL_MSG.titleRequired }).max(LIMITS.titleMax, { error: EDITORIAL_MSG.titleTooLong });
const articleContent = z.string().max(100_000, { error: EDITORIAL_MSG.contentTooLong });
const articleCategory = z.string().trim().min(1, { error: 'Category is required' }).max(60, { error: EDITORIAL_MSG.categoryTooLong });
const articleStatus = z.enum(ARTICLE_STATUSES, { error: EDITORIAL_MSG.articleStatusInvalid });

/**
 * POST /api/admin/editorial/articles. Only from an accepted submission; title, content and
 * tags default to the submission's title, abstract and keywords; category Academic; status draft.
 */
export const articleCreateSchema = z.object({
  source_submission_id: z.uuid({ error: EDITORIAL_MSG.sourceRequired }),
  title: articleTitle.optional(),
  content: articleContent.optional(),
  category: articleCategory.optional(),
  status: articleStatus.optional(),
  tags: tagsField.optional(),
});
/** PATCH /api/admin/editorial/articles/{id}: publishing sets published_at; back to draft clears it. */
export const articleUpdateSchema = z
  .object({ title: articleTitle.optional(), content: articleContent.optional(), category: articleCategory.optional(), status: articleStatus.optional(), tags: tagsField.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to update' });

export const articleListQuery = z.object({ status: articleStatus.optional(), ...pageQuery(50, 200) });
export const publicArticleListQuery = z.object({ ...pageQuery(50, 100) });

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
