import { asc, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema.ts';

/** The events of the feed: every one dated at or after `since`, soonest first, at most `limit`. */
export function listCalendarEvents(db: Db, since: Date, limit: number) {
  return db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      location: events.location,
      event_date: events.event_date,
      status: events.status,
      version: events.version,
    })
    .from(events)
    .where(gte(events.event_date, since))
    .orderBy(asc(events.event_date), asc(events.id))
    .limit(limit);
}
