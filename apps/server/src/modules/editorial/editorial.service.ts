import { DEFAULT_ARTICLE_CATEGORY, type ArticleCreateInput, type ArticleUpdateInput, type SubmissionStatusInput } from '@aesa/shared/editorial';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './editorial.queries.ts';

export const listSubmissions = q.listSubmissions;
export const listArticles = q.listArticles;
export const findSubmission = (db: Db, id: string) => q.findSubmission(db, id);
export const findArticle = (db: Db, id: string) => q.findArticle(db, id);

export async function getSubmission(db: Db, id: string) {
  const s = await q.findSubmission(db, id);
  if (!s) throw fail('SUBMISSION_NOT_FOUND');
  return s;
}

/**
 * Review: any status may be set from any status; notes replace the previous ones
 * when given. A rejection with `unpublish_article` also puts the article made from the
 * submission back to draft, in the same transaction: both happen or neither does.
 */
export async function reviewSubmission(db: Db, id: string, version: number, input: SubmissionStatusInput, now: Date) {
  const values: q.SubmissionReview = { submission_status: input.submission_status, reviewed_at: now };
  if (input.notes !== undefined) values.notes = input.notes === '' ? null : input.notes;
  // Made from another version: nothing changes, and lib/edit-version.ts answers 409.
  const decided = await db.transaction(async (tx) => {
    if (!(await q.setSubmissionStatus(tx, id, version, values))) return false;
    if (input.unpublish_article) await q.unpublishArticleOfSubmission(tx, id);
    return true;
  });
  return decided ? getSubmission(db, id) : null;
}

export async function getArticle(db: Db, id: string) {
  const a = await q.findArticle(db, id);
  if (!a) throw fail('ARTICLE_NOT_FOUND');
  return a;
}

/**
 * Turns an accepted submission into an article: any other status → 409; one
 * article per submission (409 on a second). Title, content and tags default to the
 * submission's title, abstract and keywords; category Academic; status draft. The submitter
 * is the author. The submission row is locked, so two clicks cannot make two articles.
 */
export async function createArticle(db: Db, input: ArticleCreateInput, now: Date) {
  const id = await db.transaction(async (tx) => {
    const sub = await q.lockSubmission(tx, input.source_submission_id);
    if (!sub) throw fail('SUBMISSION_NOT_FOUND');
    if (sub.status !== 'accepted') throw fail('SUBMISSION_NOT_ACCEPTED');
    if (await q.articleFromSubmissionExists(tx, sub.id)) throw fail('SUBMISSION_ALREADY_AN_ARTICLE');
    const status = input.status ?? 'draft';
    return q.insertArticle(tx, {
      title: input.title ?? sub.title,
      content: input.content ?? sub.abstract,
      category: input.category ?? DEFAULT_ARTICLE_CATEGORY,
      status,
      tags: input.tags ?? sub.keywords,
      source_submission_id: sub.id,
      author_id: sub.user_id,
      created_at: now,
      published_at: status === 'published' ? now : null,
    });
  });
  return getArticle(db, id);
}

/** Edits an article; publishing sets published_at (kept on re-publish), back to draft clears it. */
export async function updateArticle(db: Db, id: string, version: number, input: ArticleUpdateInput, now: Date) {
  return (await q.updateArticle(db, id, version, input, now)) ? getArticle(db, id) : null;
}

export const deleteArticle = (db: Db, id: string, version: number) => q.deleteArticle(db, id, version);
