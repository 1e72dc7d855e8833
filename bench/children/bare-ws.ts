// The live-results baseline: a bare `ws` server in its own process that answers a join and,
// when told, broadcasts a small JSON message to every joined socket at a fixed interval,
// stamping each broadcast on CLOCK_MONOTONIC (the clock the clients stamp arrivals with).
//   node --import tsx bench/children/bare-ws.ts <port>   (IPC channel required)
import { WebSocketServer, type WebSocket } from 'ws';
import { monoMs } from '../lib/stats.ts';

const joined = new Set<WebSocket>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.argv[2]), path: '/ws', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', () => {
    joined.add(ws);
    ws.send(JSON.stringify({ event: 'joined' }));
  });
  ws.on('close', () => joined.delete(ws));
});
wss.on('listening', () => process.send!({ type: 'ready' }));

process.on('message', (msg: { type: string; intervalMs: number; durationMs: number }) => {
  if (msg.type !== 'run') return;
  const stamps: number[] = [];
  const end = monoMs() + msg.durationMs;
  const payload = JSON.stringify({ event: 'vote-update', electionId: 'baseline', results: [] });
  const timer = setInterval(() => {
    if (monoMs() > end) {
      clearInterval(timer);
      process.send!({ type: 'done', stamps });
      return;
    }
    stamps.push(monoMs());
    for (const ws of joined) ws.send(payload);
  }, msg.intervalMs);
});
setTimeout(() => process.exit(2), 300_000).unref();
process.on('disconnect', () => process.exit(0));
