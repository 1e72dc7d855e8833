// Turnout and reminders of an election: the rules and texts both sides use. The answer shapes
// are in schemas/turnout.ts (zod).

/** A participation's time is stored rounded down to this (the turnout chart's step). */
export const TURNOUT_PERIOD_MS = 10 * 60_000;

/** The members who have not voted may be reminded at most once per election per this. */
export const REMINDER_INTERVAL_MS = 12 * 3600_000;

export const REMINDER_MSG = {
  action: 'Remind those who have not voted',
  notOpen: 'Reminders can be sent only while voting is open.',
  tooSoon: (next: string) => `Members were reminded less than 12 hours ago. The next reminder can be sent from ${next}.`,
  nobody: 'Every eligible member has voted: there is nobody to remind.',
  confirm: (n: number, title: string) =>
    `Send a reminder e-mail to the ${n.toLocaleString('en-GB')} eligible ${n === 1 ? 'member who has' : 'members who have'} not voted in "${title}"?`,
  queued: (n: number) => `Reminder queued for ${n.toLocaleString('en-GB')} ${n === 1 ? 'member' : 'members'}.`,
} as const;

/** The reminder e-mail: it names the election and when voting ends (association's time zone) and links to the voting page. */
export function reminderMail(associationName: string, election: { title: string; endsText: string; link: string }) {
  return {
    subject: `${associationName}: you have not voted in ${election.title} yet`,
    text:
      `Voting in "${election.title}" is open until ${election.endsText}, and you have not voted yet.\n\n` +
      `Cast your vote here:\n\n${election.link}\n\n` +
      `You receive this because you are an eligible member of the ${associationName}. If you have voted in the meantime, please ignore this e-mail.`,
  };
}

export const TURNOUT_MSG = {
  title: 'Turnout',
  /** The chart's text alternative: the same figures in a table. */
  tableCaption: (title: string) => `Votes per position over time in ${title} (cumulative)`,
  share: (voted: number, roll: number, percent: string) => `${voted.toLocaleString('en-GB')} of ${roll.toLocaleString('en-GB')} eligible members have voted (${percent}).`,
  noVotes: 'No votes yet.',
} as const;
