import { POSITIONS } from '@aesa/shared/constants';
import { ELECTION_MSG, WS_PATH as SHARED_WS_PATH, electionStatus } from '@aesa/shared/elections';
import { describe, expect, it } from 'vitest';
import { CLOSED_MESSAGE, STATUS_BADGE, WS_PATH, electionTimeStatus, orderedPositions } from './elections.ts';

// lib/elections.ts repeats a few values of @aesa/shared/elections so that the public page does
// not load zod with them: they must stay the same.
describe('election values shared with the server', () => {
  it('uses the server texts for a closed election and the same socket path', () => {
    expect(CLOSED_MESSAGE.upcoming).toBe(ELECTION_MSG.notStarted);
    expect(CLOSED_MESSAGE.ended).toBe(ELECTION_MSG.ended);
    expect(WS_PATH).toBe(SHARED_WS_PATH);
  });

  it('computes the time status as the server does, the window inclusive', () => {
    const start = '2026-03-01T08:00:00.000Z';
    const end = '2026-03-01T18:00:00.000Z';
    for (const at of ['2026-03-01T07:59:59.999Z', start, '2026-03-01T12:00:00.000Z', end, '2026-03-01T18:00:00.001Z']) {
      expect(electionTimeStatus(start, end, Date.parse(at))).toBe(electionStatus(start, end, new Date(at)));
    }
    expect(electionTimeStatus(start, end, Date.parse(end))).toBe('active');
  });

  it('names the badges as the spec does', () => {
    expect(STATUS_BADGE).toEqual({ upcoming: 'Upcoming', active: 'Voting Open', ended: 'Voting Ended' });
  });

  it('orders the ten positions first, then any other position once', () => {
    expect(orderedPositions([{ position: 'Academic Director' }, { position: 'President' }, { position: 'Academic Director' }])).toEqual([
      ...POSITIONS,
      'Academic Director',
    ]);
  });
});
