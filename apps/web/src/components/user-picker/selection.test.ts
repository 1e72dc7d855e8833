import type { PickerUser } from '@aesa/shared/admin';
import { describe, expect, it } from 'vitest';
import { PICKER_MSG, confirmProblem, countText, pickedUserProblem, previewOf, toggleSelection } from './selection.ts';
import { pickerUser } from '@/testing/factories.ts';

const user = (n: number) => pickerUser(n);

describe('picked user', () => {
  it('names a missing user and an invalid one with the spec texts', () => {
    expect(pickedUserProblem(null)).toBe('No user selected. Please select a user.');
    expect(pickedUserProblem(undefined)).toBe('No user selected. Please select a user.');
    expect(pickedUserProblem({ name: 'No id' })).toBe('Selected user is invalid. Please try again.');
    expect(pickedUserProblem({ id: '  ', name: 'Blank id' })).toBe('Selected user is invalid. Please try again.');
    expect(pickedUserProblem('someone')).toBe('Selected user is invalid. Please try again.');
    expect(pickedUserProblem(user(1))).toBeNull();
  });
});

describe('confirm mode selection', () => {
  it('adds and removes a user', () => {
    const once = toggleSelection([], user(1));
    expect(once.selected.map((u) => u.id)).toEqual([user(1).id]);
    expect(toggleSelection(once.selected, user(1)).selected).toEqual([]);
  });

  it('refuses a selection past the maximum and keeps the earlier ones', () => {
    let selected: PickerUser[] = [];
    for (const n of [1, 2]) selected = toggleSelection(selected, user(n), 2).selected;
    const refused = toggleSelection(selected, user(3), 2);
    expect(refused.problem).toBe('Maximum 2 selections allowed');
    expect(refused.selected.map((u) => u.name)).toEqual(['Member 1', 'Member 2']);
    // Removing one is always allowed, and then there is room again.
    const fewer = toggleSelection(refused.selected, user(1), 2);
    expect(fewer.problem).toBeNull();
    expect(toggleSelection(fewer.selected, user(3), 2).problem).toBeNull();
  });

  it('has no maximum unless one is given', () => {
    let selected: PickerUser[] = [];
    for (let n = 0; n < 60; n++) selected = toggleSelection(selected, user(n)).selected;
    expect(selected).toHaveLength(60);
  });

  it('asks for at least one user before confirming', () => {
    expect(confirmProblem([])).toBe(PICKER_MSG.selectAtLeastOne);
    expect(confirmProblem([])).toBe('Please select at least one user.');
    expect(confirmProblem([user(1)])).toBeNull();
    expect(confirmProblem([user(1), user(2), user(3)], 2)).toBe('Maximum 2 selections allowed');
    expect(confirmProblem([user(1), { name: 'broken' }])).toBe('Selected user is invalid. Please try again.');
  });

  it('counts the selection', () => {
    expect(countText(0)).toBe('0 selected');
    expect(countText(2, 5)).toBe('2 of 5 selected');
  });
});

describe('selected-user preview', () => {
  it('shows up to three names and nothing more', () => {
    expect(previewOf([user(1)]).moreText).toBeNull();
    const three = previewOf([user(1), user(2), user(3)]);
    expect(three.shown).toHaveLength(3);
    expect(three.moreText).toBeNull();
  });

  it('shows the first three, then "and N more"', () => {
    const preview = previewOf([1, 2, 3, 4, 5, 6, 7].map(user));
    expect(preview.shown.map((u) => u.name)).toEqual(['Member 1', 'Member 2', 'Member 3']);
    expect(preview.more).toBe(4);
    expect(preview.moreText).toBe('and 4 more');
  });
});
