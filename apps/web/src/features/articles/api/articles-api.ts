import type { MySubmissionItem, MySubmissionsResponse, PublicArticle, PublicArticlesResponse } from '@aesa/shared/editorial';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /api/articles (public): published articles, newest first. */
export async function getPublishedArticles(signal?: AbortSignal): Promise<PublicArticle[]> {
  return (await api.get<PublicArticlesResponse>('/articles', { signal })).data;
}

export const publishedArticlesQueryOptions = () =>
  queryOptions({ queryKey: ['articles', 'published'], queryFn: ({ signal }) => getPublishedArticles(signal) });

export const usePublishedArticles = () => useQuery(publishedArticlesQueryOptions());

/** GET /api/articles/submissions/mine: the member's own submissions with their status and notes. */
export const mySubmissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['articles', 'mine', userId],
    queryFn: async ({ signal }) => (await api.get<MySubmissionsResponse>('/articles/submissions/mine', { signal })).submissions,
    retry: false,
  });

export const useMySubmissions = (userId: string) => useQuery(mySubmissionsQueryOptions(userId));

export interface SubmissionUpload {
  title: string;
  abstract: string;
  keywords: string;
  file: File;
  cover: File | null;
}

/** POST /api/articles/submissions (multipart: title, abstract, keywords, file, cover_image). */
export function submitArticle(input: SubmissionUpload) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('abstract', input.abstract);
  form.append('keywords', input.keywords);
  if (input.cover) form.append('cover_image', input.cover);
  form.append('file', input.file);
  return api.post<{ success: boolean; submission: MySubmissionItem }>('/articles/submissions', form, { timeoutMs: 120_000 });
}
