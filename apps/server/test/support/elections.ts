import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { WsServerMessage } from '@aesa/shared/elections';
import type { Position } from '@aesa/shared/constants';
import { buildApp } from '../../src/app.ts';
import { connect } from '../../src/db/client.ts';
import { candidates, elections, memberRoles, sessions, users } from '../../src/db/schema.ts';
import { newToken } from '../../src/lib/tokens.ts';
import type { TestApp } from './test-app.ts';

const HOUR = 3600_000;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** An election straight in the database; by default open now (by the test clock) for a day. */
export async function createElection(app: FastifyInstance, o: Partial<typeof elections.$inferInsert> = {}) {
  const now = app.clock().getTime();
  const [row] = await app.db
    .insert(elections)
    .values({ title: `Election ${unique()}`, start_time: new Date(now - HOUR), end_time: new Date(now + 24 * HOUR), ...o })
    .returning();
  return row!;
}

export async function addCandidate(app: FastifyInstance, electionId: string, userId: string, position: Position) {
  const [row] = await app.db.insert(candidates).values({ election_id: electionId, user_id: userId, position }).returning();
  return row!;
}

/**
 * Many signed-in members at once, straight in the database (users, member roles, sessions):
 * no password hashing, so a test can have hundreds of voters in a moment.
 */
export async function fastVoters(app: FastifyInstance, n: number, o: { verified?: boolean; current?: boolean; name?: string } = {}) {
  const rows = Array.from({ length: n }, (_, i) => {
    const id = unique();
    return { name: `${o.name ?? 'Voter'} ${i + 1}`, email: `v${id}@example.test`, matric_number: `V${id}`.toUpperCase() };
  });
  const created = await app.db.insert(users).values(rows).returning({ id: users.id, name: users.name });
  await app.db.insert(memberRoles).values(created.map((u) => ({ user_id: u.id, role_name: 'Members', verified_by_admin: o.verified ?? true, is_current: o.current ?? true })));
  const tokens = created.map(() => newToken());
  const now = app.clock();
  await app.db.insert(sessions).values(created.map((u, i) => ({ user_id: u.id, token_hash: tokens[i]!.hash, created_at: now, expires_at: new Date(now.getTime() + 24 * HOUR) })));
  return created.map((user, i) => ({ user, token: tokens[i]!.token, headers: { authorization: `Bearer ${tokens[i]!.token}` } }));
}

/** A second app process-alike on the same database (own pool, own LISTEN connection, same clock). */
export async function startSecondApp(t: TestApp, poolSize = 5) {
  const conn = connect(t.database.url, 'postgres', poolSize);
  const app = await buildApp({ config: t.config, database: { ...conn }, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await conn.close();
    },
  };
}

/** Listens on 127.0.0.1 on a free port and answers the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return address.replace('localhost', '127.0.0.1');
}

export interface TestSocket {
  ws: WebSocket;
  messages: (WsServerMessage & { at: number })[];
  waitFor(match: (m: WsServerMessage) => boolean, timeoutMs?: number): Promise<WsServerMessage>;
  send(message: object): void;
  close(): Promise<void>;
}

/** A real WebSocket client (the `ws` package) that records every message with its arrival time. */
export function openSocket(baseUrl: string, origin: string | undefined = baseUrl): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, origin ? { origin } : {});
  const messages: TestSocket['messages'] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push({ ...(JSON.parse(data.toString()) as WsServerMessage), at: Date.now() });
    waiters.splice(0).forEach((w) => w());
  });
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { statusCode: res.statusCode })));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        messages,
        send: (message) => ws.send(JSON.stringify(message)),
        async waitFor(match, timeoutMs = 5000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = messages.find(match);
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
            await new Promise<void>((r) => {
              waiters.push(r);
              setTimeout(r, 50);
            });
          }
        },
        close: () =>
          new Promise<void>((r) => {
            if (ws.readyState === ws.CLOSED) return r();
            ws.once('close', () => r());
            ws.close();
          }),
      }),
    );
  });
}
