-- Contact details by choice: each member decides whether signed-in members may see their e-mail
-- and their phone (decision 007). Hidden by default, as before; visitors never see them.
ALTER TABLE "users" ADD COLUMN "show_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_phone" boolean DEFAULT false NOT NULL;
