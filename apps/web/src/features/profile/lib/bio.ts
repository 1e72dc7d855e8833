import { LIMITS } from '@aesa/shared/constants';

export interface BioPreview {
  /** What is shown while the bio is folded. */
  text: string;
  /** True when the bio is longer than the preview (a "see more" control is offered). */
  truncated: boolean;
}

/**
 * The folded bio (cut at 200 characters). The cut never splits a surrogate
 * pair, and trailing spaces before the ellipsis are dropped.
 */
export function bioPreview(bio: string | null | undefined, limit: number = LIMITS.bioPreview): BioPreview {
  const text = (bio ?? '').trim();
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}
