// The rules a new password must meet beyond its length and the common-passwords list: it is not
// one character repeated, and it does not contain what anyone who knows the member can guess (the
// matric number is public on the members page, the e-mail name and the name are on the profile,
// and the association's name is on every page). Both sides apply them: the forms show the hint
// and check what they know; the server checks them wherever a password is set, against the
// member it is set for. This module holds no zod, so that the public pages can use it.
import { normalizePassword } from './auth.ts';

export const PASSWORD_RULE_MSG = {
  repeated: 'Your password cannot be one character repeated. Please choose another one.',
  matric: 'Your password must not contain your matric number. Please choose another one.',
  emailName: 'Your password must not contain the name of your e-mail address. Please choose another one.',
  name: 'Your password must not contain your name. Please choose another one.',
  association: (associationName: string) => `Your password must not contain the association's name (${associationName}). Please choose another one.`,
  hint: "Not your name, matric number, e-mail name or the association's name, and not one character repeated.",
} as const;

/** The shortest name part, e-mail name or association name that a password may not contain. */
export const PERSONAL_PART_MIN = 4;

/** What the rules know of the member whose password is set; what is not known is not checked. */
export interface PasswordOwner {
  matric_number?: string | null;
  email?: string | null;
  name?: string | null;
  associationName?: string | null;
}

const fold = (s: string) => normalizePassword(s).toLowerCase();
// Letters and digits only: "AE/19/0001" is also refused as "ae190001", "john.doe" as "johndoe".
const lettersAndDigits = (s: string) => fold(s).replace(/[^\p{L}\p{N}]/gu, '');

/** True when the password is one character, repeated (eight spaces, "aaaaaaaa"). */
export function isOneCharacterRepeated(password: string): boolean {
  const chars = [...normalizePassword(password)];
  return chars.length > 0 && chars.every((c) => c === chars[0]);
}

/** Whether `part` (at least PERSONAL_PART_MIN characters) is in the password, as typed or without its separators. */
function containsPart(password: string, part: string | null | undefined): boolean {
  const min = PERSONAL_PART_MIN;
  if (!part) return false;
  const folded = fold(part);
  const bare = lettersAndDigits(part);
  return (folded.length >= min && fold(password).includes(folded)) || (bare.length >= min && lettersAndDigits(password).includes(bare));
}

/** Which of the rules a password breaks (the refusal's argument: the screens say it in their words). */
export type PersonalPasswordRule = 'repeated' | 'matric' | 'emailName' | 'name' | 'association';

/** The text of a broken rule; the association's name is needed for its own rule. */
export function personalRuleMessage(rule: PersonalPasswordRule, associationName = ''): string {
  return rule === 'association' ? PASSWORD_RULE_MSG.association(associationName) : PASSWORD_RULE_MSG[rule];
}

/**
 * The rule a new password breaks by what it contains, or null when it may be used: one
 * character repeated, the matric number, the e-mail name (the part before @), a part of the name,
 * or the association's name (each when PERSONAL_PART_MIN characters or more); case is not looked at.
 */
export function personalPasswordRule(password: string, owner: PasswordOwner): PersonalPasswordRule | null {
  if (isOneCharacterRepeated(password)) return 'repeated';
  if (containsPart(password, owner.matric_number)) return 'matric';
  if (containsPart(password, owner.email?.split('@')[0])) return 'emailName';
  const nameParts = (owner.name ?? '').split(/[^\p{L}]+/u).filter((p) => [...p].length >= PERSONAL_PART_MIN);
  if (nameParts.some((p) => containsPart(password, p))) return 'name';
  if (owner.associationName && containsPart(password, owner.associationName)) return 'association';
  return null;
}

/** The same rule's text, or null. */
export function personalPasswordProblem(password: string, owner: PasswordOwner): string | null {
  const rule = personalPasswordRule(password, owner);
  return rule && personalRuleMessage(rule, owner.associationName ?? '');
}
