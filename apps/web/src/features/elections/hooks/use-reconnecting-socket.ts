import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type LiveStatus, type SocketLike, openReconnectingSocket } from '../lib/reconnecting-socket.ts';

export interface UseReconnectingSocketOptions {
  url: string;
  /** False closes the socket normally (no retry); true opens it. */
  enabled: boolean;
  onOpen: (send: (message: unknown) => void) => void;
  onMessage: (message: unknown) => void;
  createSocket?: (url: string) => SocketLike;
}

/**
 * A WebSocket that lives while `enabled` and the component are: reconnects after abnormal closes
 * with the spec's backoff, and closes normally on unmount. The latest callbacks are always used,
 * so they need not be stable.
 */
export function useReconnectingSocket({ url, enabled, onOpen, onMessage, createSocket }: UseReconnectingSocketOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(enabled ? 'connecting' : 'closed');
  const callbacks = useRef({ onOpen, onMessage });
  const factory = useRef(createSocket);
  useLayoutEffect(() => {
    callbacks.current = { onOpen, onMessage };
    factory.current = createSocket;
  });

  useEffect(() => {
    if (!enabled) {
      setStatus('closed');
      return;
    }
    const connection = openReconnectingSocket({
      url,
      onOpen: (send) => callbacks.current.onOpen(send),
      onMessage: (message) => callbacks.current.onMessage(message),
      onStatus: setStatus,
      createSocket: factory.current,
    });
    return () => connection.close();
  }, [url, enabled]);

  return status;
}
