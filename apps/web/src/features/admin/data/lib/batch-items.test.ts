import { ADMIN_MSG, type PickerUser } from '@aesa/shared/admin';
import { memberRoleBatchFormSchema } from '@aesa/shared/schemas/admin';
import { describe, expect, it } from 'vitest';
import { type BatchFormValues, batchBodies, draftItem, failedItemName, failedItems, isInList, newBatchForm } from './batch-items.ts';

const ada: PickerUser = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada', email: 'ada@example.com', matric_number: 'AE/1', current_level: null, enrollment_year: null, user_skills: [], profile_image_url: null, version: 1 };
/** The form's values checked as the form checks them: messages per field, or the item. */
const check = (values: BatchFormValues) => {
  const parsed = memberRoleBatchFormSchema.safeParse(values);
  if (parsed.success) return { item: draftItem(parsed.data, ada), errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { item: null, errors };
};

describe('batch update items', () => {
  it('starts from the spec defaults', () => {
    expect(newBatchForm()).toEqual({
      user_id: '',
      role_name: '',
      role_type: 'executive',
      associated_year_range: '2024-2025',
      associated_position: 'Leadership',
      is_current: true,
      verified_by_admin: true,
    });
  });

  it('requires a chosen user and a role name', () => {
    expect(check(newBatchForm()).errors).toEqual({ user_id: 'No user selected. Please select a user.', role_name: 'Role name is required' });
    expect(check({ ...newBatchForm(), user_id: ada.id, role_name: '  ' }).errors).toEqual({ role_name: 'Role name is required' });
  });

  it('takes the year range in the one year format', () => {
    expect(check({ ...newBatchForm(), user_id: ada.id, role_name: 'Treasurer', associated_year_range: '2024/2025' }).errors).toEqual({ associated_year_range: ADMIN_MSG.yearInvalid });
    expect(check({ ...newBatchForm(), user_id: ada.id, role_name: 'Treasurer', associated_year_range: '2026' }).errors).toEqual({ associated_year_range: ADMIN_MSG.yearInvalid });
    expect(check({ ...newBatchForm(), user_id: ada.id, role_name: 'Treasurer', associated_year_range: '2026-2027' }).item?.associated_year_range).toBe('2026-2027');
  });

  it('builds the request item, with defaults for cleared fields', () => {
    const { item } = check({ ...newBatchForm(), user_id: ada.id, role_name: ' Treasurer ', associated_year_range: '', associated_position: ' ' });
    expect(batchBodies([item!])).toEqual([
      {
        user_id: ada.id,
        role_name: 'Treasurer',
        role_type: 'executive',
        associated_year_range: '2024-2025',
        associated_position: 'Leadership',
        is_current: true,
        verified_by_admin: true,
      },
    ]);
  });

  it('finds the same member and role name already in the list', () => {
    const { item } = check({ ...newBatchForm(), user_id: ada.id, role_name: 'Treasurer' });
    expect(isInList([item!], { user_id: ada.id, role_name: 'treasurer' })).toBe(true);
    expect(isInList([item!], { user_id: ada.id, role_name: 'Members' })).toBe(false);
  });
});

describe('batch results', () => {
  it('keeps the failed items and names them', () => {
    const a = check({ ...newBatchForm(), user_id: ada.id, role_name: 'Treasurer' }).item!;
    const b = check({ ...newBatchForm(), user_id: ada.id, role_name: 'Members' }).item!;
    const failed = [{ item: batchBodies([b])[0], error: 'Role type must be one of executive, member, alumni, student' }];
    expect(failedItems([a, b], failed)).toEqual([b]);
    expect(failedItemName(failed[0]!.item, [a, b])).toBe('Ada');
  });
});
