import { z } from 'zod';
import { SUBMISSION_STATUSES } from '../constants.ts';
import { ARTICLE_STATUSES } from '../editorial.ts';
import { idSchema, okSchema, timestampSchema, type WireOf } from './envelope.ts';

// The answers of article submissions (members), the editorial desk (editorial admins) and the
// public AeroIntel list.

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
/** As the editorial desk sees it: with the author's name and e-mail address. */
export const submissionItemSchema = mySubmissionItemSchema.extend({ users: z.object({ name: z.string(), email: z.string() }) });

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
