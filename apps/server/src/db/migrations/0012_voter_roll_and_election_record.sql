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
--> statement-breakpoint
-- No vote after the record closed. The lock (KEY SHARE, with the latest committed row) conflicts
-- with the FOR UPDATE lock the close holds: a vote in flight finishes before the close reads the
-- ballots, and a vote that comes after sees voting_closed_at and is refused
-- (modules/election-record/voting-closed.ts).
CREATE FUNCTION "election_refuses_closed_vote"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	closed_at timestamptz;
BEGIN
	SELECT "voting_closed_at" INTO closed_at FROM "elections" WHERE "id" = NEW."election_id" FOR KEY SHARE;
	IF closed_at IS NOT NULL THEN
		RAISE EXCEPTION 'election_voting_closed' USING ERRCODE = 'P0001';
	END IF;
	RETURN NEW; -- an election deleted meanwhile: the foreign key refuses the row
END $$;--> statement-breakpoint
CREATE TRIGGER "election_participations_refuse_closed" BEFORE INSERT ON "election_participations"
	FOR EACH ROW EXECUTE FUNCTION "election_refuses_closed_vote"();
