-- The association's year: academic sessions with their dues, and the members' payments of dues.
-- A member is a financial member of a session when they have a payment for it whose status is
-- 'approved' (pending, rejected and void payments do not count). Payments are never deleted:
-- a mistake is voided with a reason. Every row an officer edits carries a version, bumped by
-- the same UPDATE that changes it, so that two officers cannot overwrite each other.
CREATE TABLE "academic_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"dues_amount" integer NOT NULL,
	"dues_by_level" jsonb,
	"is_current" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_sessions_year_format" CHECK ("year" ~ '^\d{4}-\d{4}$' AND substr("year", 6, 4)::int = substr("year", 1, 4)::int + 1),
	CONSTRAINT "academic_sessions_dates" CHECK ("ends_on" > "starts_on"),
	CONSTRAINT "academic_sessions_dues" CHECK ("dues_amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "academic_sessions_year_key" ON "academic_sessions" USING btree ("year");--> statement-breakpoint
-- Exactly one current session at most (the hand-over moves the mark in one transaction).
CREATE UNIQUE INDEX "academic_sessions_one_current" ON "academic_sessions" USING btree ("is_current") WHERE "is_current";--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
	"session_id" uuid NOT NULL REFERENCES "academic_sessions"("id") ON DELETE RESTRICT,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"proof_path" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"receipt_number" text,
	"recorded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("status" IN ('pending', 'approved', 'rejected', 'void')),
	CONSTRAINT "payments_method" CHECK ("method" IN ('transfer', 'cash', 'pos', 'other')),
	CONSTRAINT "payments_amount" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "payments_session_status_idx" ON "payments" USING btree ("session_id", "status");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id", "session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_key" ON "payments" USING btree ("receipt_number") WHERE "receipt_number" IS NOT NULL;
