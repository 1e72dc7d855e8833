import type { PickerUser } from '@aesa/shared/admin';
import { useState } from 'react';

/** A form that holds one member as its `user_id`. */
interface UserIdForm {
  setValue: (name: 'user_id', value: string, options: { shouldValidate: boolean }) => void;
  formState: { isSubmitted: boolean };
}

/**
 * The member a form holds: the picked user, shown in the field, and their id in the form's
 * `user_id`, checked again at once when the form has already been submitted.
 */
export function usePickedUser(form: UserIdForm) {
  const [user, setUser] = useState<PickerUser | null>(null);
  function pick(next: PickerUser | null) {
    setUser(next);
    form.setValue('user_id', next?.id ?? '', { shouldValidate: form.formState.isSubmitted });
  }
  return { user, pick, setUser };
}
