-- Once a message is handed to SMTP (or given up), its text, with any set-password or reset
-- link, is no longer kept: the outbox keeps only what the delivery list shows.
ALTER TABLE "mail_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "text_body" = NULL WHERE "status" IN ('sent', 'failed');
