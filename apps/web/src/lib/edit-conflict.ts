import { shownValue } from '@aesa/shared/edit-version';
import type { LastChange } from '@aesa/shared/schemas/edit-version';
import { useState } from 'react';
import { isApiError } from './api-client.ts';

// A save refused as stale (409 EDIT_CONFLICT, decision 054): the record as it is now and who
// saved it last, and the comparison the conflict screen (components/ui/edit-conflict.tsx) shows
// field by field: the value the officer started from, their own, and the one saved now.

type Wire<T> = T extends Date ? string : T;

export interface EditConflict<Row> {
  current: Row;
  lastChange: { by: { id: string | null; name: string } | null; at: Wire<LastChange['at']> } | null;
}

/** The conflict a failed save carries, or null when it failed for another reason. */
export function editConflictOf<Row>(error: unknown): EditConflict<Row> | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'EDIT_CONFLICT') return null;
  const body = error.body as { current?: Row; last_change?: EditConflict<Row>['lastChange'] };
  if (!body.current) return null;
  return { current: body.current, lastChange: body.last_change ?? null };
}

/** A field of a form as the conflict screen names and shows it. */
export interface ConflictField<Values> {
  key: keyof Values & string;
  label: string;
  /** How a value reads (a date in words, a status by its label); the plain text by default. */
  show?: (value: unknown) => string;
}

export interface ConflictRow {
  key: string;
  label: string;
  mine: string;
  theirs: string;
  /** Whether the other save changed this field (theirs differs from what this form started from). */
  changedByThem: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * The fields worth showing: those the other save changed, and those where the officer's value
 * differs from the saved one (what "Apply mine on top" would change).
 */
export function conflictRows<Values>(fields: ConflictField<Values>[], start: Values, mine: Values, theirs: Values): ConflictRow[] {
  return fields
    .filter((f) => !same(start[f.key], theirs[f.key]) || !same(mine[f.key], theirs[f.key]))
    .map((f) => {
      const show = f.show ?? shownValue;
      return { key: f.key, label: f.label, mine: show(mine[f.key]), theirs: show(theirs[f.key]), changedByThem: !same(start[f.key], theirs[f.key]) };
    });
}

/**
 * The state of one edit form's versioned save: the version it started from (sent as If-Match),
 * and the conflict when a save was refused. `reload` takes the saved record (theirs; the
 * officer's values are dropped); `applyMine` moves to the saved version so the next save puts
 * the officer's values on top, knowingly.
 */
export function useVersionedEdit<Row extends { version: number }>(record: Row | null) {
  const [base, setBase] = useState<Row | null>(record);
  const [conflict, setConflict] = useState<EditConflict<Row> | null>(null);
  return {
    /** The record the form started from (after a reload, the one reloaded). */
    base,
    version: base?.version,
    conflict,
    /** Whether a failed save was a conflict (now shown); false for any other failure. */
    caught(error: unknown): boolean {
      const found = editConflictOf<Row>(error);
      if (found) setConflict(found);
      return found !== null;
    },
    /** Take theirs: the form shows the saved record and edits from its version. */
    reload(): Row | null {
      if (!conflict) return null;
      setBase(conflict.current);
      setConflict(null);
      return conflict.current;
    },
    /** The version to save on top of (the saved one); the conflict closes when that save is sent. */
    applyMine(): number | undefined {
      if (!conflict) return base?.version;
      setBase(conflict.current);
      setConflict(null);
      return conflict.current.version;
    },
    /** After a successful save: the saved record is the new start. */
    saved(row: Row) {
      setBase(row);
      setConflict(null);
    },
  };
}
