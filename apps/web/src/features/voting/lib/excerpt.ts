import type { ActiveCandidate } from '@/lib/elections.ts';

// Candidate card texts: a candidate with no name shows "Candidate {id}", no bio shows "No bio
// available"; the voting page's excerpt is 120 characters for a single candidate and 100 for
// several.

export const EXCERPT_SINGLE = 120;
export const EXCERPT_SEVERAL = 100;
export const NO_BIO = 'No bio available';

export function excerptLength(candidateCount: number): number {
  return candidateCount === 1 ? EXCERPT_SINGLE : EXCERPT_SEVERAL;
}

/** The first `max` characters of the text (whitespace folded), with "..." when it was longer. */
export function excerpt(text: string | null | undefined, max: number): string {
  const folded = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!folded) return NO_BIO;
  if (folded.length <= max) return folded;
  return `${folded.slice(0, max).trimEnd()}...`;
}

/** The manifesto, else the member's bio. */
export function candidateText(candidate: ActiveCandidate): string | null {
  return candidate.manifesto?.trim() || candidate.users.bio?.trim() || null;
}

export function candidateName(candidate: ActiveCandidate): string {
  return candidate.users.name.trim() || `Candidate ${candidate.id}`;
}
