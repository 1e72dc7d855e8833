import * as z from 'zod';
import { LIMITS, SUBMISSION_STATUSES } from '../constants.ts';
import { ARTICLE_STATUSES, EDITORIAL_MSG, KEYWORDS_MAX, TAGS_MAX, splitList } from '../editorial.ts';
import { pageQuery } from './admin.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';
import { setsSomething, versionField, versionSchema } from './edit-version.ts';

// The requests and answers of article submissions (members), the editorial desk (editorial
// admins) and the public AeroIntel list.
// ---------------------------------------------------------------------------------------------
// Requests

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
export const submissionStatusSchema = z
  .object({
    submission_status: z.enum(SUBMISSION_STATUSES, { error: EDITORIAL_MSG.statusInvalid }),
    notes: z.string().trim().max(LIMITS.textMax, { error: EDITORIAL_MSG.notesTooLong }).nullable().optional(),
    /**
     * With rejected only: the article made from this submission, if published, goes back to
     * draft in the same transaction (a rejected piece should not stay on AeroIntel).
     */
    unpublish_article: z.boolean({ error: 'unpublish_article must be true or false' }).optional(),
    ...versionField,
  })
  .refine((v) => !v.unpublish_article || v.submission_status === 'rejected', { error: EDITORIAL_MSG.unpublishOnlyOnReject, path: ['unpublish_article'] });
export type SubmissionStatusInput = z.infer<typeof submissionStatusSchema>;

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
  .object({ title: articleTitle.optional(), content: articleContent.optional(), category: articleCategory.optional(), status: articleStatus.optional(), tags: tagsField.optional(), ...versionField })
  .refine(setsSomething, { error: 'Nothing to update' });

export const articleListQuery = z.object({ status: articleStatus.optional(), ...pageQuery(50, 200) });
export const publicArticleListQuery = z.object({ ...pageQuery(50, 100) });
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;
export type ArticleUpdateInput = z.infer<typeof articleUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const author = z.object({ id: idSchema, name: z.string() }).nullable();

export const mySubmissionItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  abstract: z.string(),
  keywords: z.array(z.string()),
  cover_image_url: z.string().nullable(),
  file_url: z.string().nullable(),
  submission_status: z.enum(SUBMISSION_STATUSES),
  notes: z.string().nullable(),
  submitted_at: timestampSchema,
  reviewed_at: timestampSchema.nullable(),
});
/** As the editorial desk sees it: with the author's name and e-mail address, and the version a decision sends back. */
export const submissionItemSchema = mySubmissionItemSchema.extend({ version: versionSchema, users: z.object({ name: z.string(), email: z.string() }) });

export const submissionListResponse = okSchema({ submissions: z.array(submissionItemSchema), total: z.number().int() });
export const submissionResponse = okSchema({ submission: submissionItemSchema });
export const mySubmissionsResponse = okSchema({ submissions: z.array(mySubmissionItemSchema) });
export const mySubmissionResponse = okSchema({ submission: mySubmissionItemSchema });

export const articleItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  category: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  tags: z.array(z.string()),
  source_submission_id: idSchema.nullable(),
  author,
  created_at: timestampSchema,
  published_at: timestampSchema.nullable(),
  version: versionSchema,
});
export const articleListResponse = okSchema({ articles: z.array(articleItemSchema), total: z.number().int() });
export const articleResponse = okSchema({ article: articleItemSchema });
export const articleDeletedResponse = okSchema({});

/** Published articles only, newest first. */
export const publicArticleSchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  published_at: timestampSchema,
  cover_image_url: z.string().nullable(),
  author,
});
export const publicArticlesResponse = okSchema({ data: z.array(publicArticleSchema), total: z.number().int() });

export type SubmissionItem = WireOf<typeof submissionItemSchema>;
export type SubmissionListResponse = WireOf<typeof submissionListResponse>;
export type MySubmissionItem = WireOf<typeof mySubmissionItemSchema>;
export type MySubmissionsResponse = WireOf<typeof mySubmissionsResponse>;
export type ArticleItem = WireOf<typeof articleItemSchema>;
export type ArticleListResponse = WireOf<typeof articleListResponse>;
export type PublicArticle = WireOf<typeof publicArticleSchema>;
export type PublicArticlesResponse = WireOf<typeof publicArticlesResponse>;
