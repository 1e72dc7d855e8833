import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { emit } from '../../db/domain-events.ts';

export interface ElectionMeta {
  id: string;
  title: string;
  is_active: boolean;
  is_publicly_visible: boolean;
  results_published: boolean;
  start_time: Date;
  end_time: Date;
  /** The last batch shown to public viewers while voting is open (candidate id -> votes), if any. */
  batch_counts: Record<string, number> | null;
  batch_cut_at: Date | null;
}

export interface TallyRow {
  candidate_id: string;
  position: string;
  candidate_name: string;
  votes: number;
}

// One indexed read (candidates_election_position_idx) for the election and every tally: the cost
// is the number of candidates, never the number of votes. Prepared once per connection.
const TALLIES = {
  name: 'election-tallies',
  text: `
    -- An archived election is shown to the public nowhere (decision 056): here it counts as hidden.
    select e.id, e.title, e.is_active, (e.is_publicly_visible and e.archived_at is null) as is_publicly_visible, e.results_published, e.start_time, e.end_time,
      b.counts as batch_counts, b.cut_at as batch_cut_at,
      coalesce((
        select json_agg(json_build_object('candidate_id', c.id, 'position', c.position, 'candidate_name', u.name, 'votes', c.vote_count)
                        order by c.vote_count desc, u.name, c.id)
        from candidates c join users u on u.id = c.user_id
        where c.election_id = e.id
      ), '[]'::json) as tallies
    from elections e
    left join election_tally_batches b on b.election_id = e.id
    where e.id = $1`,
};

export async function loadTallies(pool: pg.Pool, electionId: string): Promise<{ meta: ElectionMeta | null; tallies: TallyRow[] }> {
  const { rows } = await pool.query({ ...TALLIES, values: [electionId] });
  const row = rows[0];
  if (!row) return { meta: null, tallies: [] };
  const { tallies, ...meta } = row as ElectionMeta & { tallies: TallyRow[] };
  return { meta, tallies };
}

// Stores the next public batch only if the stored one is still the batch it follows (null: there
// was none), so that of several processes deciding at once exactly one batch is cut; and
// announces it to every process, in the same transaction (delivered at commit).
/** True when this call cut the batch; false when another process was first (or the election is gone). */
export async function saveTallyBatch(db: Db, electionId: string, counts: Record<string, number>, cutAt: Date, previousCutAt: Date | null): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const { rowCount } = await tx.execute(sql`
        insert into election_tally_batches (election_id, counts, cut_at) values (${electionId}, ${JSON.stringify(counts)}::jsonb, ${cutAt})
        on conflict (election_id) do update set counts = excluded.counts, cut_at = excluded.cut_at
          where election_tally_batches.cut_at = ${previousCutAt}::timestamptz`);
      if (!rowCount) return false;
      await emit(tx, 'election.changed', { electionId });
      return true;
    });
  } catch (err) {
    if (hasCode(err, '23503')) return false; // the election was deleted meanwhile
    throw err;
  }
}

function hasCode(err: unknown, code: string): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === code) return true;
  return false;
}

/** The `vote.cast` domain event for an election whose votes committed (vote-announcer.ts). */
export const announceVotes = (db: Db, electionId: string) => emit(db, 'vote.cast', { electionId });
