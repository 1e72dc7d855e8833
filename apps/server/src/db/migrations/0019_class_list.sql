-- The department's class list: students listed by the data admins before they registered. A
-- student who registers later with a listed matric number is verified at once (the sign-up
-- statement reads this table). Matric numbers are stored upper-cased, as accounts store them.
CREATE TABLE "class_list_entries" (
	"matric_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"email" text,
	"imported_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The hand-over to the next session: one row per session started, so that a second start of the
-- same session is refused and the record says who started it and how many members it moved.
CREATE TABLE "session_hand_overs" (
	"session_id" uuid PRIMARY KEY NOT NULL REFERENCES "academic_sessions"("id") ON DELETE RESTRICT,
	"from_session_id" uuid REFERENCES "academic_sessions"("id") ON DELETE SET NULL,
	"started_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"promoted" integer NOT NULL,
	"alumni" integer NOT NULL,
	"lapsed" integer NOT NULL,
	"excluded" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
