-- Who may vote in an election, fixed when it is created (changeable only until its roll freezes):
-- 'verified' (a current member role verified by an admin: the rule of every election before
-- this column) or 'financial' (that AND a financial member of the named session: a payment for
-- it whose status is 'approved'). The session is named by its year, the text the election record
-- and the roll's fingerprint cover; a session an election names can be neither renamed nor
-- deleted (the record would name a year that no longer means the same thing).
ALTER TABLE "elections" ADD COLUMN "voter_rule" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "voter_session" text REFERENCES "academic_sessions"("year") ON UPDATE RESTRICT ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_voter_rule" CHECK ("voter_rule" IN ('verified', 'financial'));--> statement-breakpoint
ALTER TABLE "elections" ADD CONSTRAINT "elections_voter_session" CHECK (("voter_rule" = 'financial') = ("voter_session" IS NOT NULL));
