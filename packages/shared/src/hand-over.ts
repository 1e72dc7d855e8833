// The hand-over to the next session (Data Management): who moves up a level, who becomes an
// alumnus, whose membership stops being current until renewed. Its zod shapes are in
// schemas/hand-over.ts. Decision 051.

/** The level a member moves to at the hand-over; Alumni and members without a level stay. */
export const NEXT_LEVEL: Record<string, string> = {
  '100 Level': '200 Level',
  '200 Level': '300 Level',
  '300 Level': '400 Level',
  '400 Level': '500 Level',
  '500 Level': 'Alumni',
};

/** The session after "2026-2027": "2027-2028". */
export function nextSessionYear(year: string): string {
  const first = Number(year.slice(0, 4)) + 1;
  return `${first}-${first + 1}`;
}

export const HAND_OVER_MSG = {
  noCurrentSession: 'There is no current session to hand over from. Finance admins create the sessions.',
  alreadyDone: (year: string) => `Session ${year} has already been started. A hand-over happens once per session.`,
  wrongSession: (next: string) => `The session after the current one is ${next}. Reload the page and try again.`,
  started: (year: string) => `Session ${year} started.`,
  /** How a member becomes current again, in the e-mail and on the screen (decision 051). */
  howToRenew:
    'Your membership becomes current again when a data admin finds you on the class list of the new session (imported from the department) or marks your membership current. If you are not on the class list, ask a data admin.',
};
