import type pg from 'pg';

// Why the planner's figures for the tables voting fills are refreshed by the app itself.
//
// The vote is one statement prepared once per database connection (voting.queries.ts), and
// PostgreSQL keeps its plan until the statistics of a table it reads change. Its check "has this
// member already voted for the position" reads election_participations by its primary key. While
// the planner believes that table holds a few pages, reading it whole is the cheaper plan, and the
// connection keeps that plan while the opening storm of a new portal's first election fills the
// table: every vote then reads every earlier vote (0.8 ms more per vote at 10,000 participations,
// and growing; decision 101 has the figures).
//
// PostgreSQL assumes a table it has never measured has at least SMALL_TABLE_PAGES pages, for
// exactly this reason; the trap opens when it measured the table while it was nearly empty
// (autovacuum does so after 50 rows, an ANALYZE of the whole database does so at once) and stays
// open until autovacuum measures it again, up to a minute later. So the app measures the table
// itself as soon as it has outgrown that size: the new figures make every connection plan the
// vote again, by the key. Once measured at that size the check finds nothing more to do.

/**
 * The tables an election's opening fills at once, each read by key by the requests of voting: the
 * roll (frozen as voting opens), the sessions of the members signing in, the participations and
 * the ballots (the receipt check). A trial election with a handful of voters is enough to get any
 * of them measured small before the real one.
 */
const FILLED_BY_VOTING = ['election_rolls', 'sessions', 'election_participations', 'ballots'];
/** Below this many pages the planner may read a table whole; it is PostgreSQL's own floor for a table it has never measured. */
const SMALL_TABLE_PAGES = 10;

/**
 * Measures (ANALYZE) each table voting fills that the planner last saw smaller than
 * SMALL_TABLE_PAGES and that has since grown past it; answers the tables measured. A table the
 * planner has never measured is left to it (it already assumes the floor), and one it knows to be
 * large costs nothing: this is one catalog read when nothing is due.
 */
export async function refreshGrownStatistics(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ table: string }>({
    name: 'vote-tables-outgrown',
    text: `select c.relname as table from pg_class c
      where c.oid = any($1::text[]::regclass[]) and c.reltuples >= 0 and c.relpages < $2
        and pg_relation_size(c.oid) >= $2::bigint * current_setting('block_size')::bigint`,
    values: [FILLED_BY_VOTING, SMALL_TABLE_PAGES],
  });
  const measured = rows.map((r) => r.table);
  // The names come from FILLED_BY_VOTING above, never from a request. SKIP_LOCKED: if autovacuum
  // is measuring the table right now, its figures will do.
  for (const table of measured) await pool.query(`analyze (skip_locked) ${table}`);
  return measured;
}
