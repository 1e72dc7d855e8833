-- One format for an executive's year, a member role's year range and the year winners were
-- installed for: the academic session, two consecutive years joined by a hyphen (decision 079).
-- "2024/2025" becomes "2024-2025"; a single year "2026" becomes the session that starts in it,
-- "2026-2027". Anything else is left as it was: an officer corrects it from the Edit Year form.
UPDATE "executives" SET "year" = replace("year", '/', '-'), "version" = "version" + 1 WHERE "year" ~ '^\d{4}/\d{4}$' AND substr("year", 6, 4)::int = substr("year", 1, 4)::int + 1;--> statement-breakpoint
UPDATE "executives" SET "year" = "year" || '-' || ("year"::int + 1), "version" = "version" + 1 WHERE "year" ~ '^\d{4}$';--> statement-breakpoint
UPDATE "member_roles" SET "associated_year_range" = replace("associated_year_range", '/', '-'), "version" = "version" + 1 WHERE "associated_year_range" ~ '^\d{4}/\d{4}$' AND substr("associated_year_range", 6, 4)::int = substr("associated_year_range", 1, 4)::int + 1;--> statement-breakpoint
UPDATE "member_roles" SET "associated_year_range" = "associated_year_range" || '-' || ("associated_year_range"::int + 1), "version" = "version" + 1 WHERE "associated_year_range" ~ '^\d{4}$';--> statement-breakpoint
UPDATE "elections" SET "winners_installed_year" = replace("winners_installed_year", '/', '-') WHERE "winners_installed_year" ~ '^\d{4}/\d{4}$' AND substr("winners_installed_year", 6, 4)::int = substr("winners_installed_year", 1, 4)::int + 1;--> statement-breakpoint
UPDATE "elections" SET "winners_installed_year" = "winners_installed_year" || '-' || ("winners_installed_year"::int + 1) WHERE "winners_installed_year" ~ '^\d{4}$';
