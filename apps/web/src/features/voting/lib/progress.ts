import type { VotingStatusItem } from '@/lib/elections.ts';
import type { DeviceReceipt } from './device-receipts.ts';

// Voting progress kept in local storage (a votes map, a voting-complete flag and the
// current election id). It is only a memory of this device: the SERVER is the truth about
// which positions were voted. On every load the voting page asks GET my-votes and rebuilds the
// map from the answer (reconcile below). The server cannot say for whom (ballots carry no
// voter): the candidate comes from the receipts this device keeps (device-receipts.ts), if any.
// The progress map itself says WHICH positions were voted, never for whom.

export const PROGRESS_KEY = 'aesa.voting';

export interface VotingProgress {
  electionId: string;
  /** Whose progress this is: another member signing in on the same device starts afresh. */
  userId: string;
  /** position -> candidate id voted for ('' when unknown). In storage, the ids are left out. */
  votes: Record<string, string>;
  complete: boolean;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readProgress(electionId: string, userId: string): VotingProgress | null {
  try {
    const raw = storage()?.getItem(PROGRESS_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<VotingProgress>;
    if (value.electionId !== electionId || value.userId !== userId) return null;
    const votes = value.votes && typeof value.votes === 'object' ? Object.keys(value.votes) : [];
    return { electionId, userId, votes: Object.fromEntries(votes.map((position) => [position, ''])), complete: value.complete === true };
  } catch {
    return null;
  }
}

export function writeProgress(progress: VotingProgress): void {
  try {
    const votes = Object.fromEntries(Object.keys(progress.votes).map((position) => [position, true]));
    storage()?.setItem(PROGRESS_KEY, JSON.stringify({ ...progress, votes }));
  } catch {
    // Storage full or switched off: progress still lives on the server.
  }
}

/**
 * The votes map as the server tells it: every position my-votes marks as voted, with the
 * candidate id of this device's receipt for that position, or '' when the receipt is not on this
 * device. A local vote the server does not know is dropped; a server vote this device never saw
 * is added. The complete flag survives only for the same election and member, and only if
 * `stillMissing` is false.
 */
export function reconcile(
  stored: VotingProgress | null,
  server: readonly VotingStatusItem[],
  receipts: readonly DeviceReceipt[],
  ids: { electionId: string; userId: string },
  stillMissing: (votes: Record<string, string>) => boolean,
): VotingProgress {
  const chosen = new Map(receipts.map((r) => [r.position, r.candidate_id]));
  const votes: Record<string, string> = {};
  for (const item of server) {
    if (item.hasVoted) votes[item.position] = chosen.get(item.position) ?? '';
  }
  const complete = !!stored?.complete && !stillMissing(votes);
  return { ...ids, votes, complete };
}
