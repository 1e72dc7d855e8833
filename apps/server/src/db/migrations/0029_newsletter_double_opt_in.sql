-- The newsletter's double opt-in: an address signed up in the footer waits (confirmed_at null)
-- until its owner follows the e-mailed link; only confirmed, not unsubscribed addresses get the
-- newsletter. An unsubscribed address keeps its row, so the unsubscribe page's undo works and a
-- new sign-up of it asks for a confirmation again. Addresses stored before this (the footer only
-- stored them) were never confirmed and get nothing.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;
