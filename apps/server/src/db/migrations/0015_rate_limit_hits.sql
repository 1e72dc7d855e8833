-- The rate limits' counters, shared by every server process and machine (one row per route and
-- client key: modules/rate-limits/database-store.ts). UNLOGGED: no WAL for a counter bumped on
-- every limited request; after a crash PostgreSQL empties it, which only restarts the windows.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
