-- Check-in at the door (decision 065).
-- A member's membership code: a random id the QR carries (signed by the server), one per member.
-- Renewing replaces the id, which voids every copy of the old code. Made the first time the
-- member opens their code.
CREATE TABLE "membership_codes" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "membership_codes_code_key" ON "membership_codes" USING btree ("code_id");--> statement-breakpoint
-- Who came to an event: once per member and event, when, who checked them in, and how.
CREATE TABLE "event_checkins" (
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "checked_in_at" timestamp with time zone NOT NULL,
  "checked_in_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "via" text NOT NULL,
  CONSTRAINT "event_checkins_pkey" PRIMARY KEY ("event_id", "user_id"),
  CONSTRAINT "event_checkins_via" CHECK ("via" in ('code', 'matric'))
);--> statement-breakpoint
-- A member's attended events, for their profile.
CREATE INDEX "event_checkins_user" ON "event_checkins" USING btree ("user_id", "checked_in_at");--> statement-breakpoint
-- Whether the member's profile lists the events they attended; off until they turn it on.
ALTER TABLE "users" ADD COLUMN "show_attended_events" boolean DEFAULT false NOT NULL;
