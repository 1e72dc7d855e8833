-- What kind of mail each outbox message is, for whom, and at most once (decision 060).
-- `kind` decides whether a member may turn the message off and which List-Unsubscribe link it
-- carries: 'account' mail always goes. `user_id` names the member it is for (none for a
-- visitor's newsletter). `dedupe_key` makes a message that must go once (a reminder, an
-- election notice) go once however many processes queue it: the second insert is ignored.
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
-- A member's notification choices; no row means every kind is on.
CREATE TABLE "notification_preferences" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "announcements" boolean DEFAULT true NOT NULL,
  "event_updates" boolean DEFAULT true NOT NULL,
  "election_notices" boolean DEFAULT true NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
