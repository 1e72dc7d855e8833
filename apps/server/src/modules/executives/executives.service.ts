import type { Executive } from '@aesa/shared/members';
import { POSITIONS } from '@aesa/shared/constants';
import type { Db } from '../../db/client.ts';
import { findCurrentExecutives } from './executives.queries.ts';

const rank = (position: string) => {
  const i = (POSITIONS as readonly string[]).indexOf(position);
  return i === -1 ? POSITIONS.length : i;
};

/** Current office holders, in the voting order of POSITIONS (unknown positions last). */
export async function currentExecutives(db: Db, now: Date): Promise<Executive[]> {
  const rows = await findCurrentExecutives(db, now);
  // Stable sort: within a position the newest appointment comes first (rows arrive newest first).
  return rows
    .toSorted((a, b) => rank(a.position) - rank(b.position))
    .map((r) => ({
      id: r.id,
      position: r.position,
      is_current: true as const,
      year: r.year,
      user: { id: r.user_id, name: r.name, bio: r.bio, profile_image_url: r.profile_image_url },
    }));
}
