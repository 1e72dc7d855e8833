-- The per-account lockout counts failed tries of each kind of secret (password, TOTP code) apart.
ALTER TABLE "login_failures" ADD COLUMN "kind" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "login_failures_user_time_idx";--> statement-breakpoint
CREATE INDEX "login_failures_user_kind_time_idx" ON "login_failures" USING btree ("user_id","kind","failed_at");
