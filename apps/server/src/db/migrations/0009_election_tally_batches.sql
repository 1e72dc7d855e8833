-- The tallies a public (non-admin) viewer sees while voting is open: the last batch, one row per
-- election, shared by every app process so that they all show the same batches
-- (apps/server/src/modules/results/tally-batches.ts). counts: candidate id -> votes.
CREATE TABLE "election_tally_batches" (
	"election_id" uuid PRIMARY KEY NOT NULL,
	"counts" jsonb NOT NULL,
	"cut_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "election_tally_batches" ADD CONSTRAINT "election_tally_batches_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;
