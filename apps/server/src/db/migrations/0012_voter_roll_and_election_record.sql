-- The voter roll: the members eligible (verified by an admin and current) when voting opened,
-- frozen once per election (modules/election-record/roll.ts). roll_salt stays secret until voting
-- closes; with it anyone holding the roll can recompute roll_fingerprint.
CREATE TABLE "election_rolls" (
	"election_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "election_rolls_election_id_member_id_pk" PRIMARY KEY("election_id","member_id")
);--> statement-breakpoint
ALTER TABLE "election_rolls" ADD CONSTRAINT "election_rolls_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_rolls" ADD CONSTRAINT "election_rolls_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "roll_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "roll_size" integer;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "roll_fingerprint" text;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "roll_salt" text;--> statement-breakpoint
-- Set once, when the record was closed (its ballot entries appended): no vote is taken after it.
ALTER TABLE "elections" ADD COLUMN "voting_closed_at" timestamp with time zone;--> statement-breakpoint
-- The election record: a hash chain per election (modules/election-record/record.ts). Each entry's
-- hash covers the previous one's, so an entry changed, dropped or inserted later breaks the chain.
CREATE TABLE "election_record" (
	"election_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "election_record_election_id_seq_pk" PRIMARY KEY("election_id","seq")
);--> statement-breakpoint
ALTER TABLE "election_record" ADD CONSTRAINT "election_record_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;
