import type { PickerUser } from '@aesa/shared/admin';

// The picker's rules, free of React so that they are tested on their own.

export const PICKER_MSG = {
  loadFailed: 'Failed to load users. Please try again.',
  processingFailed: 'Error processing selection. Please try again.',
  invalidUser: 'Selected user is invalid. Please try again.',
  noUser: 'No user selected. Please select a user.',
  selectAtLeastOne: 'Please select at least one user.',
  maximum: (n: number) => `Maximum ${n} selections allowed`,
} as const;

/** How many names the preview lists before 'and N more'. */
export const PREVIEW_COUNT = 3;

/** Why a picked user cannot be used, or null when it can. */
export function pickedUserProblem(user: unknown): string | null {
  if (user == null) return PICKER_MSG.noUser;
  if (typeof user !== 'object') return PICKER_MSG.invalidUser;
  const { id, name } = user as Partial<PickerUser>;
  if (typeof id !== 'string' || id.trim() === '') return PICKER_MSG.invalidUser;
  if (typeof name !== 'string') return PICKER_MSG.invalidUser;
  return null;
}

export interface ToggleResult {
  selected: PickerUser[];
  /** Set when the toggle was refused (the maximum is reached). */
  problem: string | null;
}

/**
 * Adds the user, or removes them when already selected. Adding past `max` is refused with
 * 'Maximum {n} selections allowed' and leaves the selection as it was.
 */
export function toggleSelection(selected: readonly PickerUser[], user: PickerUser, max?: number): ToggleResult {
  if (selected.some((u) => u.id === user.id)) return { selected: selected.filter((u) => u.id !== user.id), problem: null };
  const problem = pickedUserProblem(user);
  if (problem) return { selected: [...selected], problem };
  if (max !== undefined && max > 0 && selected.length >= max) return { selected: [...selected], problem: PICKER_MSG.maximum(max) };
  return { selected: [...selected, user], problem: null };
}

/** What Confirm Selection may hand over, or the reason it may not. */
export function confirmProblem(selected: readonly unknown[], max?: number): string | null {
  if (selected.length === 0) return PICKER_MSG.selectAtLeastOne;
  if (max !== undefined && max > 0 && selected.length > max) return PICKER_MSG.maximum(max);
  for (const user of selected) {
    const problem = pickedUserProblem(user);
    if (problem) return problem;
  }
  return null;
}

/** The first three names, then 'and N more'. */
export function previewOf<T extends { name: string }>(selected: readonly T[], count = PREVIEW_COUNT): { shown: T[]; more: number; moreText: string | null } {
  const shown = selected.slice(0, count);
  const more = Math.max(0, selected.length - count);
  return { shown, more, moreText: more > 0 ? `and ${more} more` : null };
}

/** "3 selected" / "3 of 5 selected" for the running count. */
export function countText(n: number, max?: number): string {
  return max !== undefined && max > 0 ? `${n} of ${max} selected` : `${n} selected`;
}
