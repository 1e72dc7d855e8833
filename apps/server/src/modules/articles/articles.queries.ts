import { and, desc, eq, isNotNull, count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleSubmissions, articles, uploads, users } from '../../db/schema.ts';
import type { Executor } from '../../db/tx.ts';

/** A submission as its author sees it (the editorial list adds users {name, email}). */
export const submissionColumns = {
  id: articleSubmissions.id,
  title: articleSubmissions.title,
  abstract: articleSubmissions.abstract,
  keywords: articleSubmissions.keywords,
  cover_image_url: articleSubmissions.cover_image_url,
  file_url: articleSubmissions.file_url,
  submission_status: articleSubmissions.submission_status,
  notes: articleSubmissions.notes,
  submitted_at: articleSubmissions.submitted_at,
  reviewed_at: articleSubmissions.reviewed_at,
};

export async function insertSubmissionWithPdf(
  db: Db,
  row: { user_id: string; title: string; abstract: string; keywords: string[]; cover_image_url: string | null; file_url: string; submitted_at: Date },
  pdf: { path: string; bytes: number },
) {
  return db.transaction(async (tx) => {
    await tx.insert(uploads).values({ user_id: row.user_id, path: pdf.path, kind: 'article-pdf', bytes: pdf.bytes });
    const [created] = await tx.insert(articleSubmissions).values(row).returning(submissionColumns);
    return created!;
  });
}

export function listOwnSubmissions(db: Executor, userId: string) {
  return db.select(submissionColumns).from(articleSubmissions).where(eq(articleSubmissions.user_id, userId)).orderBy(desc(articleSubmissions.submitted_at), desc(articleSubmissions.id));
}

const published = and(eq(articles.status, 'published'), isNotNull(articles.published_at));

/** Published articles only, newest first, with the author's public name and the submission's cover. */
export async function listPublishedArticles(db: Db, limit: number, offset: number) {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      content: articles.content,
      category: articles.category,
      tags: articles.tags,
      // Never null here: `published` requires it.
      published_at: sql<Date>`${articles.published_at}`.mapWith(articles.published_at),
      cover_image_url: articleSubmissions.cover_image_url,
      author_id: users.id,
      author_name: users.name,
    })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.author_id))
    .leftJoin(articleSubmissions, eq(articleSubmissions.id, articles.source_submission_id))
    .where(published)
    .orderBy(desc(articles.published_at), desc(articles.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = (await db.select({ n: count() }).from(articles).where(published)) as [{ n: number }];
  return {
    total: n,
    data: rows.map(({ author_id, author_name, ...a }) => ({ ...a, author: author_id ? { id: author_id, name: author_name ?? '' } : null })),
  };
}

/**
 * Who may read a stored submission PDF: its author, and whether an article made from it is
 * published. Null when no submission holds this file.
 */
export async function findPdfOwner(db: Db, fileUrl: string): Promise<{ user_id: string; published: boolean } | null> {
  // Raw SQL: the query builder leaves the columns of a one-table select unqualified, which the
  // subquery would resolve against its own table.
  const { rows } = await db.execute<{ user_id: string; published: boolean }>(sql`
    select s.user_id,
           exists (select 1 from articles a where a.source_submission_id = s.id and a.status = 'published' and a.published_at is not null) as published
    from article_submissions s
    where s.file_url = ${fileUrl}
    limit 1`);
  return rows[0] ?? null;
}
