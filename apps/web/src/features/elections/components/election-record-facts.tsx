import { Link } from 'react-router';
import { BOARD_TEXT } from '@aesa/shared/election-record';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.ts';
import { type ActiveElection, useActiveElections, voterRuleLabel } from '@/lib/elections.ts';
import { useDateFormat } from '@/lib/use-date-format.ts';
import { useNearViewport } from '@/lib/use-near-viewport.ts';
import { useRollSummary } from '../api/election-record.ts';

/**
 * For each listed election: the voter roll's size and fingerprint (and its salt once voting
 * closed, so anyone holding the roll can recompute it), whether the signed-in member is on it,
 * the record's head hash when voting opened and when it closed, and the bulletin board once the
 * final results are published. Anyone can write these down and compare them later.
 * The facts are asked for once the list comes near the screen: on a phone it is far below the
 * rules, and a roll request per election is work the page's first screen need not wait behind.
 */
export function ElectionRecordFacts() {
  const { user } = useAuth();
  const elections = useActiveElections();
  const [section, near] = useNearViewport<HTMLElement>();
  const listed = (elections.data ?? []).filter((e) => new Date(e.start_time).getTime() <= Date.now());
  if (listed.length === 0) return null;
  return (
    <section ref={section} aria-labelledby="record-facts-title" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
      <h2 id="record-facts-title" className="text-2xl font-bold text-navy-900">
        {BOARD_TEXT.rollTitle}
      </h2>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {listed.map((e) => (
          <RecordFacts key={e.id} election={e} signedIn={!!user} load={near} />
        ))}
      </ul>
    </section>
  );
}

function Hash({ value }: { value: string }) {
  return <span className="font-mono text-xs break-all">{value}</span>;
}

function RecordFacts({ election, signedIn, load }: { election: ActiveElection; signedIn: boolean; load: boolean }) {
  const roll = useRollSummary(election.id, signedIn, load);
  const { dateTime } = useDateFormat();
  const titleId = `record-facts-${election.id}`;
  const r = roll.data;
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-4" data-election-id={election.id}>
      <h3 id={titleId} className="font-bold break-words text-navy-900">
        {election.title}
      </h3>
      <p className="mt-1 text-sm text-slate-800" data-voter-rule>
        {voterRuleLabel(election.voter_rule, election.session)}
      </p>
      {roll.isPending ? (
        <p className="mt-2 text-sm text-slate-700">Loading...</p>
      ) : roll.isError || !r ? (
        <p className="mt-2 text-sm text-slate-700">The voter roll could not be loaded.</p>
      ) : !r.frozen_at ? (
        <p className="mt-2 text-sm text-slate-700">{BOARD_TEXT.rollNotFrozen}</p>
      ) : (
        <>
          <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-medium text-slate-700">Voter roll</dt>
            <dd data-roll-size>
              {r.size} {r.size === 1 ? 'member' : 'members'}, frozen {dateTime(r.frozen_at)}
            </dd>
            <dt className="font-medium text-slate-700">Roll fingerprint</dt>
            <dd data-roll-fingerprint>
              <Hash value={r.fingerprint ?? ''} />
            </dd>
            {r.salt ? (
              <>
                <dt className="font-medium text-slate-700">Fingerprint salt</dt>
                <dd>
                  <Hash value={r.salt} />
                </dd>
              </>
            ) : null}
            {r.opened_hash ? (
              <>
                <dt className="font-medium text-slate-700">Record when voting opened</dt>
                <dd data-opened-hash>
                  <Hash value={r.opened_hash} />
                </dd>
              </>
            ) : null}
            {r.closed_hash ? (
              <>
                <dt className="font-medium text-slate-700">Record when voting closed</dt>
                <dd data-closed-hash>
                  <Hash value={r.closed_hash} />
                </dd>
              </>
            ) : null}
          </dl>
          {r.on_roll !== null ? (
            <p className={`mt-2 text-sm font-semibold ${r.on_roll ? 'text-green-800' : 'text-amber-900'}`} data-on-roll={String(r.on_roll)}>
              {r.on_roll ? BOARD_TEXT.onRoll : BOARD_TEXT.notOnRoll}
            </p>
          ) : null}
        </>
      )}
      {r?.board_published ? (
        <Link to={paths.electionBoard.href(election.id)} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
          {BOARD_TEXT.boardLink}
        </Link>
      ) : null}
    </li>
  );
}
