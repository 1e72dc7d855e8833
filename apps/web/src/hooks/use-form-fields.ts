import { type ChangeEvent, useRef, useState } from 'react';
import { fieldErrors, focusFirstInvalid } from '@/lib/form-errors.ts';

type SafeParse<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };

/**
 * The state every form here keeps: its text fields, one message per field (cleared when the
 * field is edited, as the spec asks), and a form-level error. `validate` checks the values with
 * a shared zod schema, shows its messages and focuses the first invalid field.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** The props of a TextField or PasswordField bound to `name`. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  /** Shows these messages (none means valid); true when there were none. */
  function showErrors(found: Partial<Record<F, string>>): boolean {
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstInvalid(formRef.current);
    return false;
  }

  /** The parsed values, or null after showing the schema's messages. */
  function validate<T>(schema: SafeParse<T>): T | null {
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    showErrors(fieldErrors<F>(parsed.error));
    return null;
  }

  return { formRef, values, setValues, field, validate, showErrors, formError, setFormError };
}
