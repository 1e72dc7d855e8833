import { useMemo } from 'react';

/** Structural equality for form values: plain objects, arrays, strings, numbers, booleans, null. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Whether an editor's values differ from those it opened with (edit dialogs track
 * whether anything changed, to ask before closing). Text is compared trimmed: adding a trailing space is no change.
 */
export function isDirty<T>(initial: T, current: T): boolean {
  return !sameValue(normalise(initial), normalise(current));
}

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

export function useDirty<T>(initial: T, current: T): boolean {
  return useMemo(() => isDirty(initial, current), [initial, current]);
}
