import { POSITIONS } from '@aesa/shared/constants';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { describe, expect, it } from 'vitest';
import { CLOSED_MESSAGE, STATUS_BADGE, orderedPositions } from './elections.ts';

describe('election texts of the pages', () => {
  it('a closed election shows the server\'s own refusal before any attempt', () => {
    expect(CLOSED_MESSAGE).toEqual({ upcoming: ELECTION_MSG.notStarted, ended: ELECTION_MSG.ended });
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
