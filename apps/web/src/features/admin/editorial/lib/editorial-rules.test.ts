import { describe, expect, it } from 'vitest';
import { articleFromSubmission, canCreateArticle } from './editorial-rules.ts';

describe('editorial rules (spec 02 §4)', () => {
  it('offers Create Article only for an accepted submission without an article yet', () => {
    expect(canCreateArticle({ submission_status: 'accepted' }, false)).toBe(true);
    expect(canCreateArticle({ submission_status: 'accepted' }, true)).toBe(false);
    for (const status of ['pending', 'rejected', 'needs_revision'] as const) {
      expect(canCreateArticle({ submission_status: status }, false)).toBe(false);
    }
  });

  it('makes a draft Academic article from the submission', () => {
    expect(articleFromSubmission({ id: 's1', title: 'Inlets', abstract: 'We study inlets.', keywords: ['CFD', 'inlet'] })).toEqual({
      title: 'Inlets',
      content: 'We study inlets.',
      category: 'Academic',
      status: 'draft',
      tags: ['CFD', 'inlet'],
      source_submission_id: 's1',
    });
  });
});
