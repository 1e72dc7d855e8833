import type { WebSocket } from 'ws';
import { electionStatus, type ElectionStatus, type WsServerMessage } from '@aesa/shared/elections';
import type { Clock } from '../../config.ts';
import type { CachedResults, ResultsCache } from './results-cache.ts';
import { canSeeElection, canSeeResults, isBatched } from './results.service.ts';
import type { TallyBatches } from './tally-batches.ts';
import { SocketSessions, type CheckSession } from './socket-sessions.ts';

/** Vote updates per election are sent at most once per this many milliseconds (about 4 a second). */
export const COALESCE_MS = 250;
const STATUS_SWEEP_MS = 1000;
const HEARTBEAT_MS = 30_000;

interface Member {
  /** May see the live tallies (electoral admin, super passes), as last checked. */
  admin: boolean;
  /** The last vote-update sent to this socket for this room: the same one is not sent again. */
  last?: string;
}

interface Room {
  id: string;
  members: Map<WebSocket, Member>;
  timer?: NodeJS.Timeout;
  flushing: boolean;
  dirty: boolean;
  lastSent: number;
  status?: ElectionStatus;
  published?: boolean;
  active?: boolean;
}

interface SocketState {
  alive: boolean;
  rooms: Set<string>;
}

export interface LiveLog {
  error(obj: object, msg: string): void;
}

export interface LiveOptions {
  /** Cuts the public batches while voting is open; without it public viewers get live tallies. */
  batches?: TallyBatches;
  /** The session's current rights, or null when it ended (socket-sessions.ts). */
  checkSession?: CheckSession;
  /** How often every signed-in socket's session is re-checked even without votes. */
  sessionCheckMs?: number;
}

/**
 * The rooms of this process: sockets that joined an election. A vote (announced locally or by
 * NOTIFY from any process) invalidates the election's cached results and schedules one re-read
 * of the tallies per COALESCE_MS window. Electoral admins get the live tallies, after their
 * session is checked again; everyone else gets what a public viewer may see: nothing before
 * publication, the last batch while voting is open, the final counts after. A 1 s sweep notices
 * an election opening or ending by the clock and cuts due batches.
 */
export class LiveResults {
  private rooms = new Map<string, Room>();
  private sockets = new Map<WebSocket, SocketState>();
  private sweepTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private sessions?: SocketSessions;

  constructor(
    readonly cache: ResultsCache,
    private readonly clock: Clock,
    private readonly log: LiveLog,
    /** Tells the other processes (coalesced NOTIFY after commit, vote-announcer.ts). */
    private readonly announce: (electionId: string) => void = () => {},
    private readonly options: LiveOptions = {},
  ) {
    if (options.checkSession) {
      this.sessions = new SocketSessions(options.checkSession, options.sessionCheckMs ?? 15_000, {
        ended: (socket) => this.demoteAll(socket),
        demoted: (socket) => this.demoteAll(socket),
      }, log);
    }
  }

  /** The public batches (the results route cuts a due one before answering a public reader). */
  get batches(): TallyBatches | undefined {
    return this.options.batches;
  }

  start() {
    this.sweepTimer = setInterval(() => {
      for (const room of this.rooms.values()) void this.checkStatus(room);
    }, STATUS_SWEEP_MS);
    this.sweepTimer.unref();
    this.heartbeatTimer = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    this.sessions?.start();
  }

  stop() {
    clearInterval(this.sweepTimer);
    clearInterval(this.heartbeatTimer);
    this.sessions?.stop();
    for (const room of this.rooms.values()) clearTimeout(room.timer);
    this.rooms.clear();
  }

  /** A vote was committed by this process: readers here see it at once; the others are told. */
  voteCast(electionId: string) {
    this.voteRecorded(electionId);
    this.announce(electionId);
  }

  /** A vote for this election was committed (here, or announced by another process). */
  voteRecorded(electionId: string) {
    this.cache.invalidate(electionId);
    const room = this.rooms.get(electionId);
    if (!room) return;
    room.dirty = true;
    this.schedule(room);
  }

  /** The election, its candidates or its public batch changed. */
  electionChanged(electionId: string) {
    this.cache.invalidate(electionId);
    const room = this.rooms.get(electionId);
    if (!room) return;
    void this.checkStatus(room);
    this.resend(room); // who may see the results may have changed
  }

  /** The LISTEN connection came back: anything may have been missed, so refresh every room. */
  resync() {
    this.cache.clear();
    for (const room of this.rooms.values()) {
      void this.checkStatus(room);
      this.resend(room);
    }
  }

  addSocket(socket: WebSocket) {
    this.sockets.set(socket, { alive: true, rooms: new Set() });
    socket.on('pong', () => {
      const s = this.sockets.get(socket);
      if (s) s.alive = true;
    });
    socket.on('close', () => this.removeSocket(socket));
  }

  roomCount(socket: WebSocket) {
    return this.sockets.get(socket)?.rooms.size ?? 0;
  }

  /**
   * Joins after the caller checked the election may be seen; answers the `joined` message.
   * `tokenHash`: the valid session the socket joined with, re-checked from now on.
   */
  join(socket: WebSocket, data: CachedResults & { meta: NonNullable<CachedResults['meta']> }, electoralAdmin: boolean, tokenHash?: string): WsServerMessage {
    const { meta } = data;
    let room = this.rooms.get(meta.id);
    const status = electionStatus(meta.start_time, meta.end_time, this.clock());
    if (!room) {
      room = { id: meta.id, members: new Map(), flushing: false, dirty: false, lastSent: 0, status, published: meta.results_published, active: meta.is_active };
      this.rooms.set(meta.id, room);
    }
    // What the socket sees now (the client reads the results itself at join): only a change of
    // it is sent, so a public viewer's first update is a new batch, never the sign of one vote.
    room.members.set(socket, { admin: electoralAdmin, last: this.messageFor(electoralAdmin, data, meta) ?? undefined });
    const state = this.sockets.get(socket);
    state?.rooms.add(meta.id);
    if (tokenHash) this.sessions?.track(socket, tokenHash);
    return { event: 'joined', electionId: meta.id, status, results_published: meta.results_published };
  }

  leave(socket: WebSocket, electionId: string) {
    const room = this.rooms.get(electionId);
    this.sockets.get(socket)?.rooms.delete(electionId);
    if (!room) return;
    room.members.delete(socket);
    if (room.members.size === 0) this.closeRoom(room);
  }

  private removeSocket(socket: WebSocket) {
    const s = this.sockets.get(socket);
    this.sockets.delete(socket);
    this.sessions?.forget(socket);
    for (const id of s?.rooms ?? []) this.leave(socket, id);
  }

  private closeRoom(room: Room) {
    clearTimeout(room.timer);
    if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
  }

  /** Each socket gets what it may see now, if that differs from what it last got. */
  private resend(room: Room) {
    room.dirty = true;
    this.schedule(room);
  }

  /**
   * The vote-update a socket may see: the live tallies for an electoral admin; for everyone else
   * nothing before publication (or for a hidden election), the last batch while voting is open,
   * the final counts after.
   */
  private messageFor(admin: boolean, data: CachedResults, meta: NonNullable<CachedResults['meta']>): string | null {
    const update = (results: CachedResults['results']) => JSON.stringify({ event: 'vote-update', electionId: meta.id, results } satisfies WsServerMessage);
    if (admin) return update(data.results);
    if (!canSeeElection(meta, false) || !canSeeResults(meta, false)) return null;
    return update(isBatched(meta, this.clock()) ? data.publicResults : data.results);
  }

  private schedule(room: Room) {
    if (room.timer || room.flushing) return;
    const wait = Math.max(0, room.lastSent + COALESCE_MS - Date.now());
    room.timer = setTimeout(() => void this.flush(room), wait);
  }

  private async flush(room: Room) {
    room.timer = undefined;
    room.flushing = true;
    room.dirty = false;
    try {
      const data = await this.cache.get(room.id);
      if (!data.meta) return void (await this.checkStatus(room));
      const meta = data.meta;
      const live = this.messageFor(true, data, meta);
      const forPublic = this.messageFor(false, data, meta);
      // Live counts leave only after the admin's session is checked again (revoked, expired,
      // rights withdrawn): at most once per socket per flush, so a few lookups a second.
      const sessions = this.sessions;
      const admins = [...room.members].filter(([, m]) => m.admin && m.last !== live);
      if (sessions) await Promise.all(admins.map(([socket]) => sessions.recheck(socket)));
      for (const [socket, member] of room.members) {
        const message = member.admin ? live : forPublic;
        if (!message || message === member.last) continue;
        member.last = message;
        send(socket, message);
      }
      room.lastSent = Date.now();
    } catch (err) {
      this.log.error({ err }, 'live results: reading the tallies failed');
      room.lastSent = Date.now();
      room.dirty = true; // try again in the next window
    } finally {
      room.flushing = false;
      if (room.dirty && this.rooms.get(room.id) === room) this.schedule(room);
    }
  }

  /** The socket may no longer see live tallies (session ended, rights withdrawn): public views from now on. */
  private demoteAll(socket: WebSocket) {
    for (const id of this.sockets.get(socket)?.rooms ?? []) {
      const room = this.rooms.get(id);
      const member = room?.members.get(socket);
      if (!room || !member?.admin) continue;
      member.admin = false;
      room.dirty = true;
      this.schedule(room);
    }
  }

  /** Announces a change of time status, publication or activity, and a deletion; cuts a due public batch. */
  private async checkStatus(room: Room) {
    let data: CachedResults;
    try {
      data = await this.cache.get(room.id);
    } catch (err) {
      this.log.error({ err }, 'live results: reading the election failed');
      return;
    }
    if (this.rooms.get(room.id) !== room) return;
    const meta = data.meta;
    if (!meta) {
      const message = JSON.stringify({ event: 'election-status-change', electionId: room.id, status: 'deleted', results_published: false } satisfies WsServerMessage);
      for (const socket of room.members.keys()) {
        send(socket, message);
        this.sockets.get(socket)?.rooms.delete(room.id);
      }
      this.closeRoom(room);
      return;
    }
    const batches = this.options.batches;
    if (batches && isBatched(meta, this.clock()) && [...room.members.values()].some((m) => !m.admin)) {
      batches.refresh(room.id, data).catch((err: unknown) => this.log.error({ err }, 'live results: cutting a batch failed'));
    }
    const status = electionStatus(meta.start_time, meta.end_time, this.clock());
    if (status === room.status && meta.results_published === room.published && meta.is_active === room.active) return;
    room.status = status;
    room.published = meta.results_published;
    room.active = meta.is_active;
    const message = JSON.stringify({ event: 'election-status-change', electionId: room.id, status, results_published: meta.results_published } satisfies WsServerMessage);
    for (const [socket, member] of room.members) if (canSeeElection(meta, member.admin)) send(socket, message);
    // Voting closed or results published: public viewers may now see other counts.
    room.dirty = true;
    this.schedule(room);
  }

  /** Ends sockets that stopped answering pings (a vanished phone must not stay in a room forever). */
  private heartbeat() {
    for (const [socket, s] of this.sockets) {
      if (!s.alive) {
        socket.terminate();
        continue;
      }
      s.alive = false;
      try {
        socket.ping();
      } catch {
        socket.terminate();
      }
    }
  }
}

function send(socket: WebSocket, message: string) {
  if (socket.readyState === socket.OPEN) socket.send(message);
}
