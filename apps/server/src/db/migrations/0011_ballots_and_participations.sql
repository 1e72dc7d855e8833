-- The vote is stored in two records that share nothing but the election and the position:
-- election_participations says THAT a member voted for a position (one row per member and
-- position: this primary key is the one-vote rule), ballots says WHAT was chosen, with the
-- receipt shown to the voter, and no voter and no time. voted_period is the vote's time rounded
-- down to 10 minutes: enough for a turnout chart, too coarse to line up with a ballot.
-- Existing votes are moved over (a participation and a ballot with a fresh random receipt per
-- vote), the tallies are checked against the ballots, and the old votes table, the only record
-- that linked a voter to a choice, is dropped (docs/decisions/029-ballots-without-voters.md).
CREATE TABLE "election_participations" (
	"election_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"position" text NOT NULL,
	"voted_period" timestamp with time zone NOT NULL,
	CONSTRAINT "election_participations_election_id_member_id_position_pk" PRIMARY KEY("election_id","member_id","position")
);
--> statement-breakpoint
CREATE TABLE "ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"position" text NOT NULL,
	"candidate_id" uuid NOT NULL,
	"receipt" text NOT NULL,
	CONSTRAINT "ballots_receipt_key" UNIQUE("receipt")
);
--> statement-breakpoint
ALTER TABLE "election_participations" ADD CONSTRAINT "election_participations_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_participations" ADD CONSTRAINT "election_participations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ballots_election_receipt_idx" ON "ballots" USING btree ("election_id","receipt");--> statement-breakpoint
CREATE INDEX "ballots_candidate_idx" ON "ballots" USING btree ("candidate_id");--> statement-breakpoint
-- When an election's ballots were last rewritten after voting closed (modules/voting/ballot-storage.ts).
ALTER TABLE "elections" ADD COLUMN "ballots_sealed_at" timestamp with time zone;--> statement-breakpoint
-- A receipt as the app makes them (packages/shared/src/receipts.ts): 60 random bits (15 hex
-- digits of a v4 uuid after its version and variant bits, from PostgreSQL's strong random
-- source) as 12 letters of the 32-letter alphabet without 0, O, 1 and I, in groups of four.
CREATE FUNCTION pg_temp.aesa_new_receipt() RETURNS text LANGUAGE sql VOLATILE AS $$
	SELECT substr(s, 1, 4) || '-' || substr(s, 5, 4) || '-' || substr(s, 9, 4)
	FROM (
		SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((r.n >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k) AS s
		FROM (SELECT ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 18, 15))::bit(60)::bigint AS n) r, generate_series(0, 11) k
	) t
$$;--> statement-breakpoint
INSERT INTO "election_participations" ("election_id", "member_id", "position", "voted_period")
SELECT "election_id", "voter_id", "position", date_bin('10 minutes', "created_at", timestamptz '2000-01-01')
FROM "votes";--> statement-breakpoint
-- In random order, so the ballots' physical order says nothing about the order of the votes.
INSERT INTO "ballots" ("election_id", "position", "candidate_id", "receipt")
SELECT "election_id", "position", "candidate_id", pg_temp.aesa_new_receipt()
FROM "votes" ORDER BY random();--> statement-breakpoint
DROP FUNCTION pg_temp.aesa_new_receipt();--> statement-breakpoint
-- Nothing is dropped unless every count is kept: one participation and one ballot per vote, and
-- every candidate's tally equal to its ballots. Otherwise the whole migration rolls back.
DO $$
DECLARE
	n_votes bigint;
	n_participations bigint;
	n_ballots bigint;
	bad record;
BEGIN
	SELECT count(*) INTO n_votes FROM "votes";
	SELECT count(*) INTO n_participations FROM "election_participations";
	SELECT count(*) INTO n_ballots FROM "ballots";
	IF n_participations <> n_votes OR n_ballots <> n_votes THEN
		RAISE EXCEPTION 'Migration 0011 stopped: % votes became % participations and % ballots; nothing was changed.', n_votes, n_participations, n_ballots;
	END IF;
	SELECT c.id, c.election_id, c.position, c.vote_count, (SELECT count(*) FROM "ballots" b WHERE b.candidate_id = c.id) AS n
	INTO bad
	FROM "candidates" c
	WHERE c.vote_count <> (SELECT count(*) FROM "ballots" b WHERE b.candidate_id = c.id)
	LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'Migration 0011 stopped: candidate % (election %, %) has a tally of % but % stored votes; nothing was changed. Correct the tally or the votes, then start again.',
			bad.id, bad.election_id, bad.position, bad.vote_count, bad.n;
	END IF;
END $$;--> statement-breakpoint
DROP TABLE "votes";
