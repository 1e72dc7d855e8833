-- The election lifecycle (decision 056): the final results as a step of their own, archiving,
-- and titles unique (case-insensitively) among the elections that are not archived.
ALTER TABLE "elections" ADD COLUMN "final_results_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "title_duplicate_kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Elections whose record already holds the final tallies (published before this step existed)
-- have had their final results published: at the moment that entry was recorded.
UPDATE "elections" e SET "final_results_published_at" = r."recorded_at"
  FROM "election_record" r
  WHERE r."election_id" = e."id" AND r."kind" = 'results_published' AND r."payload"->>'final' = 'true';--> statement-breakpoint
-- Titles already shared: the newest election of each group keeps the title in the unique index;
-- the older ones keep their titles unchanged (a rename would be an edit outside the election's
-- record, an archive would hide an election without the committee's decision) and stay outside
-- the index until their title is changed.
UPDATE "elections" e SET "title_duplicate_kept" = true
  WHERE EXISTS (
    SELECT 1 FROM "elections" o
    WHERE lower(o."title") = lower(e."title") AND (o."created_at", o."id") > (e."created_at", e."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "elections_title_key" ON "elections" USING btree (lower("title")) WHERE "elections"."archived_at" is null and not "elections"."title_duplicate_kept";
