-- Readable audit entries: the actor's name, the act in words, the target's type and name (all
-- resolved when the entry is written, so a later rename or deletion keeps them) and the changed
-- fields. Older entries keep these null; the audit log derives what it can from their route and body.
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb;