// The class list import (Data Management): the row kinds, the header spellings a department's
// CSV uses, how names are compared, and the texts. Its zod answers are in schemas/class-list.ts.
import { LEVELS } from './constants.ts';

/** What the import makes of one row of the file. */
export const CLASS_LIST_KINDS = ['matched', 'not_registered', 'conflict', 'invalid', 'duplicate'] as const;
export type ClassListKind = (typeof CLASS_LIST_KINDS)[number];

export const CLASS_LIST_KIND_LABEL: Record<ClassListKind, string> = {
  matched: 'Matched accounts',
  not_registered: 'Not yet registered',
  conflict: 'Conflicts',
  invalid: 'Invalid rows',
  duplicate: 'Duplicates in the file',
};

export const CLASS_LIST_LIMITS = {
  /** A department's list of a few thousand students is well under this. */
  maxBytes: 2 * 1024 * 1024,
  maxRows: 10_000,
  nameMax: 120,
};

/** The columns, each with the header spellings accepted (compared lower-cased, letters and digits only). */
export const CLASS_LIST_HEADERS = {
  matric_number: ['matric', 'matricnumber', 'matricno', 'matricnum', 'matriculationnumber', 'matriculationno', 'regno', 'regnumber', 'registrationnumber', 'studentid', 'studentnumber'],
  name: ['name', 'fullname', 'names', 'studentname', 'nameofstudent', 'fullnames'],
  surname: ['surname', 'lastname', 'familyname'],
  other_names: ['othernames', 'firstname', 'firstnames', 'givennames', 'givenname', 'forenames'],
  level: ['level', 'currentlevel', 'class', 'yearlevel', 'lvl'],
  email: ['email', 'emailaddress', 'mail'],
} as const;
export type ClassListColumn = keyof typeof CLASS_LIST_HEADERS;

/** A header cell as compared with the spellings above: "Matric No." → "matricno", "E-mail" → "email". */
export const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A name as compared with an account's: case, accents, punctuation, spacing and the order of the
 * names do not matter ("ADEYEMI, Tolu  A." and "tolu a adeyemi" are the same person).
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * A level as the class list writes it ("300", "300L", "300 level", "Level 300", "alumni") in the
 * portal's words ("300 Level", "Alumni"); null when it is none of them.
 */
export function levelOf(raw: string): (typeof LEVELS)[number] | null {
  const key = raw.toLowerCase().replace(/level|lvl|\s+/g, '').replace(/l$/, '');
  if (key === 'alumni' || key === 'alumnus' || key === 'graduate') return 'Alumni';
  const found = LEVELS.find((l) => l.startsWith(`${key} `));
  return /^\d00$/.test(key) && found ? found : null;
}

export const CLASS_LIST_MSG = {
  fileRequired: 'Choose the class list (a CSV file) to upload.',
  fileTooLarge: `The class list is larger than ${CLASS_LIST_LIMITS.maxBytes / 1024 / 1024} MB. Split it into smaller files.`,
  notCsv: 'The class list must be a CSV file (comma-separated, UTF-8).',
  tooManyRows: `The class list has more than ${CLASS_LIST_LIMITS.maxRows} rows. Split it into smaller files.`,
  noHeader: 'The first line must name the columns: matric number, name, level and (optionally) e-mail.',
  missingColumn: (column: string) => `The class list has no ${column} column. The first line must name the columns: matric number, name, level and (optionally) e-mail.`,
  matricMissing: 'Matric number is missing',
  matricTooLong: 'Matric number is longer than 32 characters',
  nameMissing: 'Name is missing',
  nameTooLong: `Name is longer than ${CLASS_LIST_LIMITS.nameMax} characters`,
  levelInvalid: (raw: string) => `Level "${raw}" is not one of 100 to 500 Level or Alumni`,
  emailInvalid: (raw: string) => `E-mail "${raw}" is not a valid address`,
  conflict: (accountName: string) => `This matric number belongs to ${accountName || 'an account with no name yet'}, not to the name in the list`,
  duplicate: (row: number) => `The same matric number is on row ${row}; only that row is used`,
  applied: (changed: number) => (changed === 0 ? 'The class list was already applied: nothing changed.' : `Class list applied: ${changed} change${changed === 1 ? '' : 's'}.`),
};

/**
 * Whether the class list's name is the account's: the same names in any order, or the account
 * giving fewer of them (at least two) that the list all has ("Tolu Adeyemi" for "ADEYEMI Tolu
 * Ayomide"). An account with no name yet (a member who has not filled in the profile) matches.
 */
export function sameName(listed: string, account: string): boolean {
  const a = nameKey(account);
  if (a === '') return true;
  const l = nameKey(listed);
  if (a === l) return true;
  const listedNames = new Set(l.split(' '));
  const accountNames = a.split(' ');
  return accountNames.length >= 2 && accountNames.every((n) => listedNames.has(n));
}
