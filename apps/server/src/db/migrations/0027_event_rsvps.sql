-- Sign-ups for events. An event may have a capacity (null: no limit) and its sign-ups may be
-- closed by the events admins. Each member has at most one answer per event: going (with a place,
-- or waitlisted when the event is full) or not going. `place_order` comes from a sequence when
-- the answer is given, under a lock on the event's row, so it is the order the answers were
-- taken in: the waitlist moves up in it. `answered_at` is when the current answer was given.
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rsvp_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_positive" CHECK ("capacity" IS NULL OR "capacity" > 0);--> statement-breakpoint
CREATE SEQUENCE "event_rsvps_place_order_seq";--> statement-breakpoint
CREATE TABLE "event_rsvps" (
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "answer" text NOT NULL,
  "status" text NOT NULL,
  "place_order" bigint DEFAULT nextval('event_rsvps_place_order_seq') NOT NULL,
  "answered_at" timestamp with time zone NOT NULL,
  CONSTRAINT "event_rsvps_pkey" PRIMARY KEY ("event_id", "user_id"),
  CONSTRAINT "event_rsvps_answer_check" CHECK ("answer" IN ('going', 'not_going')),
  CONSTRAINT "event_rsvps_status_check" CHECK ("status" IN ('going', 'waitlisted', 'not_going') AND ("answer" = 'going') = ("status" <> 'not_going'))
);--> statement-breakpoint
CREATE INDEX "event_rsvps_status_idx" ON "event_rsvps" USING btree ("event_id", "status", "place_order");--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id");
