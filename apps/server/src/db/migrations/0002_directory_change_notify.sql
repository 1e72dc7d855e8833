-- The members directory is cached in each app process (apps/server/src/modules/members/directory-cache.ts).
-- Every change to what it shows, by any process, script or manual SQL, is announced on the
-- aesa_directory channel when its transaction commits; every process then drops its cached pages.
-- Statement-level: a bulk import announces once per statement (and NOTIFY folds repeats of the
-- same payload within a transaction into one). users: only the columns the directory shows or
-- filters on (password_hash: activation decides who is listed, decision 008).
CREATE OR REPLACE FUNCTION aesa_directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aesa_directory', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_directory_changed AFTER INSERT OR DELETE OR UPDATE OF name, matric_number, password_hash, current_level, enrollment_year, profile_image_url ON users FOR EACH STATEMENT EXECUTE FUNCTION aesa_directory_changed();--> statement-breakpoint
CREATE TRIGGER users_directory_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION aesa_directory_changed();--> statement-breakpoint
CREATE TRIGGER member_roles_directory_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_roles FOR EACH STATEMENT EXECUTE FUNCTION aesa_directory_changed();--> statement-breakpoint
CREATE TRIGGER user_skills_directory_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_skills FOR EACH STATEMENT EXECUTE FUNCTION aesa_directory_changed();
