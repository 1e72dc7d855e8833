-- The lockout counts each failed try per account and per client address (decision 058): a
-- stranger's tries lock only the stranger out of that account, while every address's tries
-- together still meet the account's ceiling. Tries counted before this column existed have no
-- address: they count towards the ceiling only, and are gone within the 15-minute window.
ALTER TABLE "login_failures" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "login_failures_user_kind_address_time_idx" ON "login_failures" USING btree ("user_id","kind","address","failed_at");
