import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ArticleStatus, ArticleUpdateInput, SubmissionStatus } from '@aesa/shared/editorial';
import type { Db } from '../../db/client.ts';
import { articleSubmissions, articles, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';
import { submissionColumns } from '../articles/articles.queries.ts';

// ---- Submissions (with the submitter's name and e-mail)

function selectSubmissions(db: Executor) {
  return db
    .select({ ...submissionColumns, version: articleSubmissions.version, user_name: users.name, user_email: users.email })
    .from(articleSubmissions)
    .innerJoin(users, eq(users.id, articleSubmissions.user_id));
}
type SubmissionRow = Awaited<ReturnType<typeof selectSubmissions>>[number];
const toSubmission = ({ user_name, user_email, ...s }: SubmissionRow) => ({ ...s, users: { name: user_name, email: user_email } });

export async function listSubmissions(db: Db, q: { status?: SubmissionStatus; limit: number; offset: number }) {
  const where = q.status ? eq(articleSubmissions.submission_status, q.status) : undefined;
  const rows = await selectSubmissions(db)
    .where(where)
    .orderBy(desc(articleSubmissions.submitted_at), desc(articleSubmissions.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = (await db.select({ n: count() }).from(articleSubmissions).where(where)) as [{ n: number }];
  return { submissions: rows.map(toSubmission), total: n };
}

export async function findSubmission(db: Executor, id: string) {
  const [row] = await selectSubmissions(db).where(eq(articleSubmissions.id, id)).limit(1);
  return row ? toSubmission(row) : null;
}

export type SubmissionReview = { submission_status: SubmissionStatus; notes?: string | null; reviewed_at: Date };

/** Records the decision only at `version`, raising it; false when no row is at that version. */
export async function setSubmissionStatus(db: Executor, id: string, version: number, values: SubmissionReview) {
  const rows = await db
    .update(articleSubmissions)
    .set({ ...values, version: sql`${articleSubmissions.version} + 1` })
    .where(and(eq(articleSubmissions.id, id), eq(articleSubmissions.version, version)))
    .returning({ id: articleSubmissions.id });
  return rows.length > 0;
}

/** The article made from this submission back to draft (off the public list); none published: nothing. */
export async function unpublishArticleOfSubmission(tx: Executor, submissionId: string) {
  await tx
    .update(articles)
    .set({ status: 'draft', published_at: null, version: sql`${articles.version} + 1` })
    .where(and(eq(articles.source_submission_id, submissionId), eq(articles.status, 'published')));
}

/** The submission row locked for the article creation (one article per submission). */
export async function lockSubmission(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: articleSubmissions.id, user_id: articleSubmissions.user_id, title: articleSubmissions.title, abstract: articleSubmissions.abstract, keywords: articleSubmissions.keywords, status: articleSubmissions.submission_status })
    .from(articleSubmissions)
    .where(eq(articleSubmissions.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

// ---- Articles

function selectArticles(db: Executor) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      content: articles.content,
      category: articles.category,
      status: articles.status,
      tags: articles.tags,
      source_submission_id: articles.source_submission_id,
      author_id: articles.author_id,
      author_name: users.name,
      created_at: articles.created_at,
      published_at: articles.published_at,
      version: articles.version,
    })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.author_id));
}
type ArticleRow = Awaited<ReturnType<typeof selectArticles>>[number];
const toArticle = ({ author_id, author_name, ...a }: ArticleRow) => ({ ...a, author: author_id ? { id: author_id, name: author_name ?? '' } : null });

export async function listArticles(db: Db, q: { status?: ArticleStatus; limit: number; offset: number }) {
  const where: SQL | undefined = q.status ? eq(articles.status, q.status) : undefined;
  const rows = await selectArticles(db).where(where).orderBy(desc(articles.created_at), desc(articles.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = (await db.select({ n: count() }).from(articles).where(where)) as [{ n: number }];
  return { articles: rows.map(toArticle), total: n };
}

export async function findArticle(db: Executor, id: string) {
  const [row] = await selectArticles(db).where(eq(articles.id, id)).limit(1);
  return row ? toArticle(row) : null;
}

export async function articleFromSubmissionExists(tx: Executor, submissionId: string) {
  const [row] = await tx.select({ id: articles.id }).from(articles).where(and(eq(articles.source_submission_id, submissionId))).limit(1);
  return !!row;
}

export async function insertArticle(tx: Executor, values: typeof articles.$inferInsert) {
  const [row] = await tx.insert(articles).values(values).returning({ id: articles.id });
  return row!.id;
}

/** The given fields; publishing sets published_at (kept on re-publish), back to draft clears it. */
export async function updateArticle(db: Db, id: string, version: number, input: ArticleUpdateInput, now: Date) {
  const values: PgUpdateSetSource<typeof articles> = { version: sql`${articles.version} + 1` };
  if (input.title !== undefined) values.title = input.title;
  if (input.content !== undefined) values.content = input.content;
  if (input.category !== undefined) values.category = input.category;
  if (input.tags !== undefined) values.tags = input.tags;
  if (input.status !== undefined) {
    values.status = input.status;
    values.published_at = input.status === 'published' ? sql`coalesce(${articles.published_at}, ${now})` : null;
  }
  // Only at `version`: no row at it answers false (a stale save; lib/edit-version.ts).
  const rows = await db
    .update(articles)
    .set(values)
    .where(and(eq(articles.id, id), eq(articles.version, version)))
    .returning({ id: articles.id });
  return rows.length > 0;
}

export async function deleteArticle(db: Db, id: string, version: number) {
  const rows = await db
    .delete(articles)
    .where(and(eq(articles.id, id), eq(articles.version, version)))
    .returning({ id: articles.id });
  return rows.length > 0;
}
