/** True when the typed address is another one than the account's (the server compares them lower-cased and trimmed). */
export function emailChanged(current: string | null | undefined, typed: string): boolean {
  const next = typed.trim().toLowerCase();
  return next !== '' && next !== (current ?? '').trim().toLowerCase();
}
