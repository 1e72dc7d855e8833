import type { WebSocket } from 'ws';
import { electionStatus, type ElectionStatus, type WsServerMessage } from '@aesa/shared/elections';
import type { Clock } from '../../config.ts';
import type { CachedResults, ResultsCache } from './results-cache.ts';
import { canSeeElection, canSeeResults } from './results.service.ts';

/** Vote updates per election are sent at most once per this many milliseconds (about 4 a second). */
export const COALESCE_MS = 250;
const STATUS_SWEEP_MS = 1000;
const HEARTBEAT_MS = 30_000;

interface Room {
  id: string;
  /** Each socket in the room, and whether it may see unpublished results (electoral admin). */
  members: Map<WebSocket, boolean>;
  timer?: NodeJS.Timeout;
  flushing: boolean;
  dirty: boolean;
  lastSent: number;
  /** The last vote-update sent: an identical one is not sent again (own NOTIFY echoes, etc.). */
  lastMessage?: string;
  status?: ElectionStatus;
  published?: boolean;
  active?: boolean;
}

export interface LiveLog {
  error(obj: object, msg: string): void;
}

/**
 * The rooms of this process: sockets that joined an election. A vote (announced locally or by
 * NOTIFY from any process) invalidates the election's cached results and schedules one re-read
 * of the tallies per COALESCE_MS window, sent to every socket that may see them. A 1 s sweep
 * notices an election opening or ending by the clock.
 */
export class LiveResults {
  private rooms = new Map<string, Room>();
  private sockets = new Map<WebSocket, { alive: boolean; rooms: Set<string> }>();
  private sweepTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;

  constructor(
    readonly cache: ResultsCache,
    private readonly clock: Clock,
    private readonly log: LiveLog,
    /** Tells the other processes (coalesced NOTIFY after commit, vote-announcer.ts). */
    private readonly announce: (electionId: string) => void = () => {},
  ) {}

  start() {
    this.sweepTimer = setInterval(() => {
      for (const room of this.rooms.values()) void this.checkStatus(room);
    }, STATUS_SWEEP_MS);
    this.sweepTimer.unref();
    this.heartbeatTimer = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  stop() {
    clearInterval(this.sweepTimer);
    clearInterval(this.heartbeatTimer);
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

  /** The election or its candidates changed (edit, publish, delete, candidate added or removed). */
  electionChanged(electionId: string) {
    this.cache.invalidate(electionId);
    const room = this.rooms.get(electionId);
    if (!room) return;
    void this.checkStatus(room);
    room.lastMessage = undefined; // who may see the results may have changed: send again
    room.dirty = true;
    this.schedule(room);
  }

  /** The LISTEN connection came back: anything may have been missed, so refresh every room. */
  resync() {
    this.cache.clear();
    for (const room of this.rooms.values()) {
      void this.checkStatus(room);
      room.lastMessage = undefined;
      room.dirty = true;
      this.schedule(room);
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

  /** Joins after the caller checked the election may be seen; answers the `joined` message. */
  join(socket: WebSocket, data: CachedResults & { meta: NonNullable<CachedResults['meta']> }, electoralAdmin: boolean): WsServerMessage {
    const { meta } = data;
    let room = this.rooms.get(meta.id);
    const status = electionStatus(meta.start_time, meta.end_time, this.clock());
    if (!room) {
      room = { id: meta.id, members: new Map(), flushing: false, dirty: false, lastSent: 0, status, published: meta.results_published, active: meta.is_active };
      this.rooms.set(meta.id, room);
    }
    room.members.set(socket, electoralAdmin);
    this.sockets.get(socket)?.rooms.add(meta.id);
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
    for (const id of s?.rooms ?? []) this.leave(socket, id);
  }

  private closeRoom(room: Room) {
    clearTimeout(room.timer);
    if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
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
      const message = JSON.stringify({ event: 'vote-update', electionId: room.id, results: data.results } satisfies WsServerMessage);
      if (message === room.lastMessage) return;
      room.lastMessage = message;
      for (const [socket, admin] of room.members) {
        if (canSeeResults(meta, admin)) send(socket, message); // unpublished tallies never reach a non-admin
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

  /** Announces a change of time status, publication or activity, and a deletion. */
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
    const status = electionStatus(meta.start_time, meta.end_time, this.clock());
    if (status === room.status && meta.results_published === room.published && meta.is_active === room.active) return;
    room.status = status;
    room.published = meta.results_published;
    room.active = meta.is_active;
    const message = JSON.stringify({ event: 'election-status-change', electionId: room.id, status, results_published: meta.results_published } satisfies WsServerMessage);
    for (const [socket, admin] of room.members) if (canSeeElection(meta, admin)) send(socket, message);
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
