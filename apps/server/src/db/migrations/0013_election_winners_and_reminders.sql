-- When an election's winners were installed as executives (and for which session year), and
-- when its non-voters were last reminded. Each is written under the election row's lock by the
-- step it records, so that two admins clicking at once cannot both install or both remind.
ALTER TABLE "elections" ADD COLUMN "winners_installed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "winners_installed_year" text;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "reminded_at" timestamp with time zone;
