import { ELECTION_NOTICE_KEY, finalResultsMail, votingOpenedMail } from '@aesa/shared/election-notices';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/tx.ts';
import { dateTimeText } from '../../lib/date-text.ts';
import { claimOpeningNotice, openingNoticesDue, queueRollNotice, type NoticeElection } from './election-notices.queries.ts';

/** What the notices need of the configuration: the association's name, the site's address and zone, whether mail is sent. */
export type NoticeConfig = Pick<AppConfig, 'associationName' | 'publicUrl' | 'locale' | 'timeZone' | 'smtpUrl'>;

// Only for an election members can see: a hidden or archived one has no page to link to.
const announced = (e: NoticeElection) => e.is_publicly_visible && e.archived_at === null;
const status = (config: NoticeConfig) => (config.smtpUrl ? 'pending' : 'kept') as 'pending' | 'kept';

/**
 * Voting opened: to the members on the frozen roll, for every election whose notice is due, each
 * in its own transaction that claims it first (once per election, whichever process comes first).
 * Run by the background tick, after the opening committed and never inside it: for 10,000 members
 * the insert takes about a second, which the opening (holding the row every vote waits for) and
 * the request that caused it need not wait for. An election that closed before the tick came
 * sends none (voting is no longer open); a hidden or archived one neither.
 */
export async function queueOpeningNotices(db: Executor, config: NoticeConfig, now: Date): Promise<number> {
  let queued = 0;
  for (const id of await openingNoticesDue(db)) {
    queued += await db.transaction(async (tx) => {
      const e = await claimOpeningNotice(tx, id, now);
      return e && e.voting_closed_at === null ? queueVotingOpened(tx, config, e) : 0;
    });
  }
  return queued;
}

async function queueVotingOpened(tx: Executor, config: NoticeConfig, e: NoticeElection): Promise<number> {
  if (!announced(e)) return 0;
  const mail = votingOpenedMail(config.associationName, { title: e.title, endsText: dateTimeText(config, e.end_time), link: `${config.publicUrl}/election/${e.id}` });
  return queueRollNotice(tx, e.id, { keyPrefix: ELECTION_NOTICE_KEY.opened, ...mail, status: status(config) });
}

/** The final results were published: in the transaction that published them, to the members on the roll. */
export async function queueFinalResults(tx: Executor, config: NoticeConfig, e: NoticeElection): Promise<number> {
  if (!announced(e)) return 0;
  const mail = finalResultsMail(config.associationName, { title: e.title, link: `${config.publicUrl}/elections/results/${e.id}` });
  return queueRollNotice(tx, e.id, { keyPrefix: ELECTION_NOTICE_KEY.finalResults, ...mail, status: status(config) });
}
