-- Counts one try of an account's secret (a password or a second-factor code) before its verdict,
-- in one call: one round trip instead of six (begin, lock, drop old tries, count, insert, commit).
-- The rule is unchanged (apps/server/src/modules/auth/secret-attempts.ts, decisions 058 and 094):
-- under the account's advisory lock, tries older than the window are dropped, the tries in the
-- window are counted per address and in all, and the try is written unless a limit is met.
-- A VOLATILE function takes a fresh snapshot for each statement in it, so under READ COMMITTED
-- the statements after the lock see every try committed before the lock was granted, as the
-- separate statements did. `p_lock` is the lock's key, computed by the caller
-- (apps/server/src/db/advisory-locks.ts keeps every key in one place). `refused` is true when a
-- limit was met (nothing written); `attempt_id` is the counted try, null when the account does
-- not exist (the same statements run, and write nothing).
CREATE OR REPLACE FUNCTION aesa_count_secret_attempt(
  p_lock bigint, p_user_id uuid, p_kind text, p_now timestamptz, p_since timestamptz,
  p_address text, p_per_address integer, p_per_account integer,
  OUT refused boolean, OUT attempt_id bigint
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  tries_in_all integer;
  tries_from_address integer;
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock);
  DELETE FROM login_failures WHERE user_id = p_user_id AND kind = p_kind AND failed_at <= p_since;
  SELECT count(*), count(*) FILTER (WHERE address IS NOT DISTINCT FROM p_address)
    INTO tries_in_all, tries_from_address
    FROM login_failures WHERE user_id = p_user_id AND kind = p_kind AND failed_at > p_since;
  refused := tries_from_address >= p_per_address OR tries_in_all >= p_per_account;
  IF refused THEN
    RETURN;
  END IF;
  INSERT INTO login_failures (user_id, kind, failed_at, address)
    SELECT id, p_kind, p_now, p_address FROM users WHERE id = p_user_id
    RETURNING id INTO attempt_id;
END
$$;
