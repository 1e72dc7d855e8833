/** Field name → first message, from a zod error (one message per field, the first one wins). */
export function fieldErrors<K extends string>(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Moves focus to the first invalid field of a form, so the message under it is read out. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
