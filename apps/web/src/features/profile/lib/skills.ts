import { LIMITS } from '@aesa/shared/constants';
import { PROFILE_MSG, normaliseSkillName } from '@aesa/shared/profile';

/** Narrow screens are those under 768 px wide. */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** The longest skill name a member may add: 12 characters, or 15 on a screen under 768 px wide. */
export function skillNameMax(viewportWidth: number): number {
  return viewportWidth < 768 ? LIMITS.skillNameMaxNarrow : LIMITS.skillNameMax;
}

export { normaliseSkillName };

/** Why a new skill cannot be added, or null when it can. */
export function skillProblem(name: string, existing: readonly string[], max: number): string | null {
  const clean = normaliseSkillName(name);
  if (!clean) return PROFILE_MSG.skillEmpty;
  const lower = clean.toLocaleLowerCase();
  if (existing.some((s) => normaliseSkillName(s).toLocaleLowerCase() === lower)) return PROFILE_MSG.skillDuplicate;
  if (Array.from(clean).length > max) return PROFILE_MSG.skillTooLong(max);
  return null;
}

export interface SkillDiff<T> {
  /** Names to POST. */
  added: string[];
  /** Stored skills to DELETE. */
  removed: T[];
}

/**
 * What to send when the edited list replaces the stored one (compare the old and new
 * lists, add new ones and delete removed ones). Names compare case-insensitively, so a skill that
 * stayed is never deleted and added again.
 */
export function diffSkills<T extends { skill_name: string }>(stored: readonly T[], edited: readonly string[]): SkillDiff<T> {
  const key = (s: string) => normaliseSkillName(s).toLocaleLowerCase();
  const editedKeys = new Set(edited.map(key));
  const storedKeys = new Set(stored.map((s) => key(s.skill_name)));
  const added: string[] = [];
  for (const name of edited) {
    const k = key(name);
    if (!storedKeys.has(k) && !added.some((a) => key(a) === k)) added.push(normaliseSkillName(name));
  }
  return { added, removed: stored.filter((s) => !editedKeys.has(key(s.skill_name))) };
}
