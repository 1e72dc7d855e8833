import { describe, expect, it } from 'vitest';
import { EDITORIAL_MSG, articleFromSubmission, canCreateArticle } from '../editorial.ts';
import { articleCreateSchema, submissionStatusSchema } from './editorial.ts';

describe('editorial rules', () => {
  it('offers Create Article only for an accepted submission without an article yet', () => {
    expect(canCreateArticle({ submission_status: 'accepted' }, false)).toBe(true);
    expect(canCreateArticle({ submission_status: 'accepted' }, true)).toBe(false);
    for (const status of ['pending', 'rejected', 'needs_revision'] as const) {
      expect(canCreateArticle({ submission_status: status }, false)).toBe(false);
    }
  });

  it('makes a draft Academic article from the submission, which the route accepts as it is', () => {
    const body = articleFromSubmission({ id: '00000000-0000-4000-8000-000000000001', title: 'Inlets', abstract: 'We study inlets.', keywords: ['CFD', 'inlet'] });
    expect(body).toEqual({
      title: 'Inlets',
      content: 'We study inlets.',
      category: 'Academic',
      status: 'draft',
      tags: ['CFD', 'inlet'],
      source_submission_id: '00000000-0000-4000-8000-000000000001',
    });
    expect(articleCreateSchema.parse(body)).toEqual(body);
  });

  it('lets a review unpublish the article only together with a rejection', () => {
    expect(submissionStatusSchema.safeParse({ submission_status: 'rejected', unpublish_article: true }).success).toBe(true);
    expect(submissionStatusSchema.safeParse({ submission_status: 'rejected' }).success).toBe(true);
    for (const submission_status of ['accepted', 'needs_revision', 'pending'] as const) {
      const result = submissionStatusSchema.safeParse({ submission_status, unpublish_article: true });
      expect(result.error?.issues.map((i) => i.message)).toEqual([EDITORIAL_MSG.unpublishOnlyOnReject]);
    }
    expect(submissionStatusSchema.safeParse({ submission_status: 'accepted', unpublish_article: false }).success).toBe(true);
  });
});
