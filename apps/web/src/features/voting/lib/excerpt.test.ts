import { describe, expect, it } from 'vitest';
import type { ActiveCandidate } from '@/lib/elections.ts';
import { EXCERPT_SEVERAL, EXCERPT_SINGLE, NO_BIO, candidateName, candidateText, excerpt, excerptLength } from './excerpt.ts';

const long = 'Wings '.repeat(60);

describe('candidate excerpts', () => {
  it('is 120 characters for a single candidate and 100 for several', () => {
    expect(excerptLength(1)).toBe(EXCERPT_SINGLE);
    expect(EXCERPT_SINGLE).toBe(120);
    expect(excerptLength(2)).toBe(EXCERPT_SEVERAL);
    expect(excerptLength(5)).toBe(100);
  });

  it('cuts longer texts and marks the cut', () => {
    const single = excerpt(long, 120);
    expect(single.endsWith('...')).toBe(true);
    expect(single.length).toBeLessThanOrEqual(123);
    expect(long.startsWith(single.slice(0, -3))).toBe(true);
    const several = excerpt('x'.repeat(150), 100);
    expect(several).toBe(`${'x'.repeat(100)}...`);
  });

  it('keeps short texts whole, with whitespace folded', () => {
    expect(excerpt('  Fly   higher\n together ', 100)).toBe('Fly higher together');
    expect(excerpt('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it('says No bio available when there is nothing to show', () => {
    expect(excerpt(null, 100)).toBe(NO_BIO);
    expect(excerpt('   ', 100)).toBe('No bio available');
  });

  it('uses the manifesto, else the bio; Candidate {id} when there is no name', () => {
    const base: ActiveCandidate = { id: 'c1', user_id: 'u1', position: 'President', manifesto: null, candidate_image_url: null, users: { name: '', profile_image_url: null, bio: null } };
    expect(candidateName(base)).toBe('Candidate c1');
    expect(candidateName({ ...base, users: { name: '  ', profile_image_url: null, bio: null } })).toBe('Candidate c1');
    expect(candidateName({ ...base, users: { name: 'Ada Obi', profile_image_url: null, bio: 'Bio' } })).toBe('Ada Obi');
    expect(candidateText({ ...base, manifesto: 'Plan', users: { name: 'A', profile_image_url: null, bio: 'Bio' } })).toBe('Plan');
    expect(candidateText({ ...base, users: { name: 'A', profile_image_url: null, bio: 'Bio' } })).toBe('Bio');
    expect(candidateText(base)).toBeNull();
  });
});
