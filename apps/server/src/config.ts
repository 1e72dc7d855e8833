import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, isLocale, isTimeZone } from '@aesa/shared/date-format';
import { z } from 'zod';
import { trustProxyEnv, trustProxyWarning, type TrustProxy } from './lib/trust-proxy.ts';

// Configuration comes from the environment once, at start. A bad value stops the start with
// one line that names the variable (see main.ts).

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z
    .string()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, { error: `must be a ${protocols.join(' or ')} URL` });

const idleMinutes = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of minutes from 1 to 1440' })
    .int({ error: 'must be a whole number of minutes from 1 to 1440' })
    .min(1, { error: 'must be a whole number of minutes from 1 to 1440' })
    .max(24 * 60, { error: 'must be a whole number of minutes from 1 to 1440' })
    .default(fallback);

const WORKERS_RANGE = 'must be a whole number of server processes from 1 to 64';
// Sign-ins wait at most about this long for a password check before they are turned away (busy).
const QUEUE_RANGE = 'must be a whole number of seconds from 1 to 60';

const envSchema = z.object({
  // Server processes sharing the port (docs/decisions/042-one-process-per-core.md). Unset: one per
  // core, at most 4 on the embedded database (a single machine's PostgreSQL shares those cores).
  WORKERS: z.coerce.number({ error: WORKERS_RANGE }).int({ error: WORKERS_RANGE }).min(1, { error: WORKERS_RANGE }).max(64, { error: WORKERS_RANGE }).optional(),
  SIGN_IN_QUEUE_SECONDS: z.coerce.number({ error: QUEUE_RANGE }).int({ error: QUEUE_RANGE }).min(1, { error: QUEUE_RANGE }).max(60, { error: QUEUE_RANGE }).default(3),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  EMBEDDED_PG_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  // false: the embedded PostgreSQL runs with fsync=off, for the test suites' throwaway data (decision 098).
  EMBEDDED_PG_FSYNC: bool.default(true),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  DEV_MAIL: bool.default(true),
  MAIL_FROM: z.string().min(3).default('AESA Portal <no-reply@aesa.local>'),
  MAIL_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100000).default(120),
  UPLOAD_DIR: z.string().min(1).optional(),
  SEED_DEMO: bool.optional(),
  ASSOCIATION_NAME: z.string().min(1).max(40).default('AESA'),
  CONTACT_EMAIL: z.string().min(3).default('info@aesa.example.edu'),
  CONTACT_PHONE: z.string().min(3).default('+234 800 000 0000'),
  CONTACT_ADDRESS: z.string().min(3).default('Department of Aerospace Engineering, University Campus'),
  // How the site and the e-mails show dates and times (decision 026).
  LOCALE: z.string().refine(isLocale, { error: 'must be a locale tag such as en-GB' }).default(DEFAULT_LOCALE),
  TIME_ZONE: z.string().refine(isTimeZone, { error: 'must be an IANA time zone such as Africa/Lagos' }).default(DEFAULT_TIME_ZONE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  TRUST_PROXY: trustProxyEnv,
  // While voting is open, public viewers see the tallies in batches: at most one per this many
  // seconds, and a position's count moves only by at least this many new votes (decision 017).
  LIVE_TALLY_BATCH_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3600).default(10),
  LIVE_TALLY_MIN_VOTES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(3),
  // How long a session may lie unused before it ends (besides its absolute 24 hours).
  SESSION_IDLE_ADMIN_MINUTES: idleMinutes(120),
  SESSION_IDLE_MEMBER_MINUTES: idleMinutes(24 * 60),
  // Client addresses exempt from the per-address request limits: a test or load harness that
  // drives the whole site from one host. The per-account login lockout still applies.
  RATE_LIMIT_ALLOW: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean))
    .pipe(z.array(z.ipv4().or(z.ipv6()), { error: 'must be a comma-separated list of IP addresses' })),
  // The key that encrypts second-factor (TOTP) secrets at rest: 32 bytes as 64 hex digits or
  // base64. Without it, a key is made once in DATA_DIR/mfa-secret.key.
  MFA_SECRET_KEY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64')))
    .refine((k) => k === undefined || k.length === 32, { error: 'must be 32 bytes as 64 hex digits or base64' }),
});

export interface SessionIdleMs {
  admin: number;
  member: number;
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  embeddedPgPort?: number;
  /** EMBEDDED_PG_FSYNC: false for throwaway test data only (decision 098). */
  embeddedPgFsync: boolean;
  publicUrl: string;
  smtpUrl?: string;
  /** DEV_MAIL: false turns the dev mailbox off even without SMTP (see devMailboxOn). */
  devMail: boolean;
  mailFrom: string;
  mailPerMinute: number;
  uploadDir: string;
  seedDemo: boolean;
  associationName: string;
  contact: { email: string; phone: string; address: string };
  /** The locale and IANA time zone every date is shown in, on the pages and in the server's texts. */
  locale: string;
  timeZone: string;
  logLevel: string;
  production: boolean;
  /** Which reverse proxies may state the client's address and protocol (lib/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Idle limits of a session, in ms: for accounts with admin rights, and for the others. */
  sessionIdleMs: SessionIdleMs;
  /** Client addresses the per-address rate limits do not count (RATE_LIMIT_ALLOW). */
  rateLimitAllow: string[];
  /** Encrypts TOTP secrets at rest (MFA_SECRET_KEY); unset: a key file in dataDir. */
  mfaSecretKey?: Buffer;
  /** The one clock every rule reads (injectable in tests). */
  clock: Clock;
  /** How often the mail worker looks for due mail. */
  mailPollMs: number;
  /** First retry delay after a failed delivery; it doubles per attempt (capped at 10 minutes). */
  mailRetryBaseMs: number;
  /** Public live tallies while voting is open: one batch at most per batchMs, each position moving by at least minVotes. */
  liveTally: { batchMs: number; minVotes: number };
  /** How often the background tick freezes voter rolls and closes election records nothing else needed yet; 0: never. */
  electionRecordTickMs: number;
  /** How often the jobs look for members to remind of an event the next day; 0: never. */
  eventReminderTickMs: number;
  /** How often the live results socket re-checks the sessions of signed-in sockets when no vote made it do so. */
  liveSessionCheckMs: number;
  /** Server processes sharing the port (WORKERS); 1 runs everything in this process. */
  workers: number;
  /** How often a process that does not run the background jobs tries to take them over. */
  jobsRetryMs: number;
  /** Password checks (argon2id) run at most `size` at a time in this process; a sign-in that would wait longer than `maxWaitMs` is turned away. */
  passwordPool: { size: number; maxWaitMs: number };
}

/**
 * The dev mailbox (/dev/mail, the console's printed links, the sign-up screens' pointer to it)
 * exists only while mail stays in the outbox (no SMTP server), outside production, and unless
 * DEV_MAIL=false. Even then it answers direct loopback requests only (lib/direct-loopback.ts).
 */
export function devMailboxOn(config: Pick<AppConfig, 'devMail' | 'smtpUrl' | 'production'>): boolean {
  return config.devMail && !config.smtpUrl && !config.production;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const cores = os.availableParallelism();
  const workers = e.WORKERS ?? (e.DATABASE_URL ? cores : Math.min(cores, 4));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    embeddedPgFsync: e.EMBEDDED_PG_FSYNC,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    devMail: e.DEV_MAIL,
    mailFrom: e.MAIL_FROM,
    mailPerMinute: e.MAIL_PER_MINUTE,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    // Demo data by default only on the embedded database outside production: never surprise an
    // external database, and never open a production site with demo accounts unless asked to.
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    associationName: e.ASSOCIATION_NAME,
    contact: { email: e.CONTACT_EMAIL, phone: e.CONTACT_PHONE, address: e.CONTACT_ADDRESS },
    locale: e.LOCALE,
    timeZone: e.TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    sessionIdleMs: { admin: e.SESSION_IDLE_ADMIN_MINUTES * 60_000, member: e.SESSION_IDLE_MEMBER_MINUTES * 60_000 },
    rateLimitAllow: e.RATE_LIMIT_ALLOW,
    mfaSecretKey: e.MFA_SECRET_KEY,
    clock: systemClock,
    mailPollMs: 1000,
    mailRetryBaseMs: 1000,
    liveTally: { batchMs: e.LIVE_TALLY_BATCH_SECONDS * 1000, minVotes: e.LIVE_TALLY_MIN_VOTES },
    liveSessionCheckMs: 15_000,
    electionRecordTickMs: 10_000,
    eventReminderTickMs: 60_000,
    workers,
    jobsRetryMs: 2000,
    // The cores shared out between the server processes: argon2id uses one core per check.
    passwordPool: { size: Math.max(1, Math.round(cores / workers)), maxWaitMs: e.SIGN_IN_QUEUE_SECONDS * 1000 },
  };
}

/** Settings that start but carry a risk the operator should know of: printed once at start. */
export function configWarnings(config: Pick<AppConfig, 'trustProxy' | 'host' | 'databaseUrl' | 'embeddedPgFsync'>): string[] {
  return [trustProxyWarning(config.trustProxy, config.host), fsyncWarning(config)].filter((w): w is string => w !== null);
}

function fsyncWarning(config: Pick<AppConfig, 'databaseUrl' | 'embeddedPgFsync'>): string | null {
  if (config.embeddedPgFsync || config.databaseUrl) return null;
  return 'EMBEDDED_PG_FSYNC=false: the embedded database does not wait for the disk, so a power loss can lose or corrupt its data. Use it for test data only.';
}
