-- The notice that voting opened is queued once per election by the background tick, after the
-- roll froze, outside the opening's own transaction (decision 075). This column says it was (or
-- that there was nothing to send). Elections that opened before it existed count as done: their
-- members are not told today that voting opened long ago.
ALTER TABLE "elections" ADD COLUMN "opening_notice_queued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "elections" SET "opening_notice_queued_at" = "roll_frozen_at" WHERE "roll_frozen_at" IS NOT NULL;
