import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { readToken } from '@/lib/auth-storage.ts';
import { WS_PATH, type WsServerMessage, activeElectionsQueryOptions } from '@/lib/elections.ts';
import { electionResultsQueryKey } from '../api/get-election-results.ts';
import { type LiveStatus, liveResultsUrl } from '../lib/reconnecting-socket.ts';
import { useReconnectingSocket } from './use-reconnecting-socket.ts';

/**
 * What the results dialog shows about the live connection: 'live' once the server confirmed the
 * join ('joined'), 'refused' when it answered the join with an error (e.g. no such election).
 */
export type LiveResultsState = LiveStatus | 'live' | 'refused';

/**
 * Live results for one election over the site's WebSocket: on each (re)open it
 * joins the election's room; a 'vote-update' carries the new tallies (used as they are, or
 * re-read when absent), an 'election-status-change' re-reads the results and the election list;
 * every other event is ignored. The session token is sent only by admins: it lets an electoral
 * admin's socket receive tallies before they are published.
 */
export function useLiveResults(electionId: string, { enabled, sendToken }: { enabled: boolean; sendToken: boolean }): LiveResultsState {
  const queryClient = useQueryClient();
  const url = liveResultsUrl(globalThis.location, WS_PATH);
  // The answer to the join on the current connection (reset on every reconnection).
  const [join, setJoin] = useState<'pending' | 'joined' | 'refused'>('pending');
  const joinedBefore = useRef(false);

  const status = useReconnectingSocket({
    url,
    enabled,
    onOpen: (send) => {
      setJoin('pending');
      const token = sendToken ? readToken() : null;
      send({ event: 'join-election-room', electionId, ...(token ? { token } : {}) });
    },
    onMessage: (raw) => {
      const message = raw as (Partial<WsServerMessage> & { electionId?: string }) | null;
      if (!message || typeof message !== 'object') return;
      // A refused join is the only error a room member gets before joining.
      if (message.event === 'error') {
        setJoin((j) => (j === 'pending' ? 'refused' : j));
        return;
      }
      if (message.electionId !== electionId) return;
      if (message.event === 'joined') {
        setJoin('joined');
        // Back after a lost connection: votes may have been cast meanwhile.
        if (joinedBefore.current) void queryClient.invalidateQueries({ queryKey: electionResultsQueryKey(electionId) });
        joinedBefore.current = true;
      } else if (message.event === 'vote-update') {
        queryClient.setQueryData(electionResultsQueryKey(electionId), message.results);
      } else if (message.event === 'election-status-change') {
        void queryClient.invalidateQueries({ queryKey: electionResultsQueryKey(electionId) });
        void queryClient.invalidateQueries({ queryKey: activeElectionsQueryOptions().queryKey });
      }
    },
  });

  if (status !== 'connected') return status;
  return join === 'joined' ? 'live' : join === 'refused' ? 'refused' : 'connecting';
}
