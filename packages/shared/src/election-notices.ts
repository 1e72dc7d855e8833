/**
 * The election notices: one e-mail to each member on an election's roll who wants election
 * notices, when voting opens and when the final results are published. Each goes once per
 * election per member (the outbox's once-only key).
 */
export interface ElectionNoticeText {
  subject: string;
  text: string;
}

const WHY = (associationName: string) =>
  `You receive this because you are on the voter roll of this election at the ${associationName} and election notices are on in your notification settings.`;

/** Voting has opened: when it ends (the association's time zone) and where to vote. */
export function votingOpenedMail(associationName: string, election: { title: string; endsText: string; link: string }): ElectionNoticeText {
  return {
    subject: `${associationName}: voting in ${election.title} is open`,
    text: `Voting in "${election.title}" is now open until ${election.endsText}.\n\n` + `Cast your vote here:\n\n${election.link}\n\n` + WHY(associationName),
  };
}

/** The committee published the final results: where to read them. */
export function finalResultsMail(associationName: string, election: { title: string; link: string }): ElectionNoticeText {
  return {
    subject: `${associationName}: final results of ${election.title}`,
    text: `The final results of "${election.title}" are published.\n\n` + `Read them here:\n\n${election.link}\n\n` + WHY(associationName),
  };
}

/** The once-only keys of the two notices (mail_outbox.dedupe_key), per election and member. */
export const ELECTION_NOTICE_KEY = {
  opened: 'election-open',
  finalResults: 'election-results',
} as const;
