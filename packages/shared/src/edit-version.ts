// Versions of the records admins edit (optimistic concurrency, decision 054). Every such record
// carries a version that each change raises by one; a change or a delete must say which version
// it was made from (the `If-Match: "<n>"` header or `version` in the body), and a change made
// from an older one is refused with the record as it is now, so no officer's edit is lost
// silently. No zod here, so the screens can use it cheaply; the schemas are in schemas/edit-version.ts.

export const VERSION_MSG = {
  /** 428: a change or delete of a versioned record without the version it was made from. */
  required: 'Send the version you are changing: the If-Match header (as the ETag gave it) or "version" in the body.',
  /** 400: a version that is not a whole number from 1, or a header and a body that disagree. */
  invalid: 'The version must be a whole number from 1 (If-Match: "3"), and the header and the body must agree.',
  /** 409: someone saved this record after it was read. */
  conflict: 'Someone else changed this while you were editing it. Compare their changes with yours, then reload or apply yours on top.',
} as const;

/** The ETag of a version: the number in double quotes (a strong validator). */
export const etagOf = (version: number) => `"${version}"`;

/** The version an If-Match header names (`"3"`, also the weak `W/"3"`); null when it names none. */
export function versionOfIfMatch(header: string | undefined): number | null | 'invalid' {
  if (header === undefined || header.trim() === '') return null;
  const m = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  if (!m) return 'invalid';
  const n = Number(m[1]);
  return n >= 1 ? n : 'invalid';
}

/** A field's value as a person reads it in a comparison (empty for nothing). */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(shownValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
