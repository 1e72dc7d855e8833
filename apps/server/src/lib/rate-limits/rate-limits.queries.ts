import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Counts one request against `key`'s window and answers the count and the milliseconds left. A
 * window that ran out starts again at 1. One statement, so parallel requests of every process
 * count exactly (the row lock orders them).
 */
export async function countRateLimitHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limit_hits as h (key, hits, resets_at)
    values (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when h.resets_at <= clock_timestamp() then 1 else h.hits + 1 end,
      resets_at = case when h.resets_at <= clock_timestamp() then excluded.resets_at else h.resets_at end
    returning h.hits, greatest(0, ceil(extract(epoch from h.resets_at - clock_timestamp()) * 1000))::int as ttl`);
  const row = rows[0]!;
  return { current: row.hits, ttl: row.ttl };
}

/** The current count of `key`'s window without counting (0 when none is running). */
export async function readRateLimit(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    select hits, greatest(0, ceil(extract(epoch from resets_at - clock_timestamp()) * 1000))::int as ttl
    from rate_limit_hits where key = ${key} and resets_at > clock_timestamp()`);
  return rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
}

/** Windows that ran out are only kept until this sweep (the background jobs run it). */
export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where resets_at <= clock_timestamp()`);
}
