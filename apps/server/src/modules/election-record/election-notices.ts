import { ELECTION_NOTICE_KEY, finalResultsMail, votingOpenedMail } from '@aesa/shared/election-notices';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/tx.ts';
import { dateTimeText } from '../../lib/date-text.ts';
import { queueRollNotice } from './election-notices.queries.ts';

/** What the notices need of the configuration: the association's name, the site's address and zone, whether mail is sent. */
export type NoticeConfig = Pick<AppConfig, 'associationName' | 'publicUrl' | 'locale' | 'timeZone' | 'smtpUrl'>;

interface NoticeElection {
  id: string;
  title: string;
  end_time: Date;
  is_publicly_visible: boolean;
  archived_at: Date | null;
}

// Only for an election members can see: a hidden or archived one has no page to link to.
const announced = (e: NoticeElection) => e.is_publicly_visible && e.archived_at === null;
const status = (config: NoticeConfig) => (config.smtpUrl ? 'pending' : 'kept') as 'pending' | 'kept';

/** Voting opened: in the transaction that froze the roll, to the members on it. */
export async function queueVotingOpened(tx: Executor, config: NoticeConfig, e: NoticeElection): Promise<number> {
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
