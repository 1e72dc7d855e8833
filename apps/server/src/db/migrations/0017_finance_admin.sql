-- The seventh admin module, Finance (sessions, dues and payments): its own permission flag on
-- admin roles, granted by super admins like the other six. The built-in Super Admin role holds
-- every flag, so it gains this one too.
ALTER TABLE "admin_roles" ADD COLUMN "is_finance_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "admin_roles" SET "is_finance_admin" = true WHERE "is_super_admin";
