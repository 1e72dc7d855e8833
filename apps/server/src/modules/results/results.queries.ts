import type pg from 'pg';

/** NOTIFY channels: a vote was recorded (payload: election id) / an election or its candidates changed. */
export const VOTES_CHANNEL = 'aesa_votes';
export const ELECTIONS_CHANNEL = 'aesa_elections';

export interface ElectionMeta {
  id: string;
  title: string;
  is_active: boolean;
  is_publicly_visible: boolean;
  results_published: boolean;
  start_time: Date;
  end_time: Date;
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
    select e.id, e.title, e.is_active, e.is_publicly_visible, e.results_published, e.start_time, e.end_time,
      coalesce((
        select json_agg(json_build_object('candidate_id', c.id, 'position', c.position, 'candidate_name', u.name, 'votes', c.vote_count)
                        order by c.vote_count desc, u.name, c.id)
        from candidates c join users u on u.id = c.user_id
        where c.election_id = e.id
      ), '[]'::json) as tallies
    from elections e
    where e.id = $1`,
};

export async function loadTallies(pool: pg.Pool, electionId: string): Promise<{ meta: ElectionMeta | null; tallies: TallyRow[] }> {
  const { rows } = await pool.query({ ...TALLIES, values: [electionId] });
  const row = rows[0];
  if (!row) return { meta: null, tallies: [] };
  const { tallies, ...meta } = row as ElectionMeta & { tallies: TallyRow[] };
  return { meta, tallies };
}
