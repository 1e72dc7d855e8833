import type { PickerUser } from '@aesa/shared/admin';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_ITEM, batchBodies, checkBatchForm, newBatchForm } from './batch-items.ts';

const ada: PickerUser = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada', email: 'ada@example.com', matric_number: 'AE/1', current_level: null, user_skills: [], profile_image_url: null };

describe('batch update items', () => {
  it('starts from the spec defaults', () => {
    expect(newBatchForm()).toEqual({
      user: null,
      role_name: '',
      role_type: 'executive',
      associated_year_range: '2024-2025',
      associated_position: 'Leadership',
      is_current: true,
      verified_by_admin: true,
    });
  });

  it('requires a chosen user and a role name', () => {
    expect(checkBatchForm(newBatchForm(), []).errors).toEqual({ user: 'No user selected. Please select a user.', role_name: 'Role name is required' });
    expect(checkBatchForm({ ...newBatchForm(), user: ada, role_name: '  ' }, []).errors).toEqual({ role_name: 'Role name is required' });
  });

  it('builds the request item, with defaults for cleared fields', () => {
    const { item } = checkBatchForm({ ...newBatchForm(), user: ada, role_name: ' Treasurer ', associated_year_range: '', associated_position: ' ' }, []);
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

  it('refuses the same member and role name twice', () => {
    const { item } = checkBatchForm({ ...newBatchForm(), user: ada, role_name: 'Treasurer' }, []);
    expect(checkBatchForm({ ...newBatchForm(), user: ada, role_name: 'treasurer' }, [item!]).errors.role_name).toBe(DUPLICATE_ITEM);
  });
});

describe('batch results', () => {
  it('keeps the failed items and names them', async () => {
    const { failedItems, failedItemName } = await import('./batch-items.ts');
    const a = checkBatchForm({ ...newBatchForm(), user: ada, role_name: 'Treasurer' }, []).item!;
    const b = checkBatchForm({ ...newBatchForm(), user: ada, role_name: 'Members' }, [a]).item!;
    const failed = [{ item: batchBodies([b])[0], error: 'Role type must be one of executive, member, alumni, student' }];
    expect(failedItems([a, b], failed)).toEqual([b]);
    expect(failedItemName(failed[0]!.item, [a, b])).toBe('Ada');
  });
});
