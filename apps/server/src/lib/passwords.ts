import os from 'node:os';
import { COME_BACK_TICKET_HEADER, normalizePassword } from '@aesa/shared/auth';
import { fail } from './app-error.ts';
import { limitedClientKey } from './client-address.ts';
import { ComeBackTickets } from './come-back-ticket.ts';
import { passwordHashers } from './password-hashers.ts';
import { PasswordPool, PasswordPoolBusy, type Seat } from './password-pool.ts';

// argon2id at OWASP's minimum (m=19 MiB, t=2, p=1): about 50 ms of one core per check here.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/**
 * Every hash and check of this process runs in one bounded pool (lib/password-pool.ts;
 * decision 043), sized by the app at start (config.passwordPool) to this process's share of the
 * cores, on as many hashing threads of low priority (lib/password-hashers.ts; decision 084).
 */
export const passwordPool = new PasswordPool(os.availableParallelism(), 3000);
passwordHashers.resize(os.availableParallelism());

/** Signs the moments given to sign-ins turned away, for every process to read (none until configured). */
let tickets: ComeBackTickets | null = null;

/** `ticketKey`: the key every server process signs and reads come-back tickets with (none: no tickets). */
export function configurePasswordPool(settings: { size: number; maxWaitMs: number }, ticketKey?: Buffer) {
  passwordPool.configure(settings.size, settings.maxWaitMs);
  passwordHashers.resize(settings.size);
  tickets = ticketKey ? new ComeBackTickets(ticketKey) : null;
  void dummyHash();
}

/** A full pool's refusal as the 503 the client gets: Retry-After, and the signed moment when it was given one. */
function busy(err: unknown, address: string | null) {
  if (!(err instanceof PasswordPoolBusy)) return err;
  const refusal = Object.assign(fail('AUTH_SIGN_IN_BUSY'), { retryAfterSeconds: err.retryAfterSeconds });
  if (tickets && address !== null && err.comeBackInMs !== undefined) refusal.headers = { [COME_BACK_TICKET_HEADER]: tickets.issue(address, Date.now() + err.comeBackInMs) };
  return refusal;
}

/**
 * Refuses a sign-in (503) at once, before any database work, when the password checks already
 * queued (and the sign-ins admitted before it) would keep it waiting too long, or when its client
 * address already holds its share of the pool: the sign-ins that cannot be checked in time do not
 * also queue for database connections ahead of votes and pages. Answers the sign-in's seat: the
 * caller enters the pool through it, and releases it in any case when done.
 */
export function admitSignIn(comeBackTicket?: string): Seat {
  const address = limitedClientKey();
  // The moment a process (this one or another) told this address, if it sent its ticket back.
  const toldAt = comeBackTicket && address !== null && tickets ? tickets.momentOf(comeBackTicket, address) : null;
  try {
    // The place is held from here until the check enters the pool: a burst that arrives all at
    // once meets the queue's bound and the address's share here, before its database reads.
    return passwordPool.reserve(address, toldAt === null ? undefined : toldAt - Date.now());
  } catch (err) {
    throw busy(err, address);
  }
}

/** Runs one hash or check in the pool; a full pool refuses at once with 503 and the seconds to wait. */
async function inPool<T>(work: () => Promise<T>): Promise<T> {
  try {
    // Counted against the request's client address: one address holds only its share (decision 059).
    return await passwordPool.run(work, limitedClientKey());
  } catch (err) {
    throw busy(err, limitedClientKey());
  }
}

// Hashed in NFKC form, so that the same characters typed on another keyboard or system (composed
// or decomposed accents, full-width digits, ligatures) are the same password.
export const hashPassword = (password: string) => inPool(() => passwordHashers.hash(normalizePassword(password), OPTIONS));

// Verifying against this when the account is unknown keeps login time the same either way. Made
// once, outside the pool, when the app configures the pool at start (or at the first check), it
// also gives the pool its first measure of a check's time. Not at import: the bundled server's
// primary process imports this file too, and has no password to check.
let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= (async () => {
    const started = performance.now();
    const made = await passwordHashers.hash('not-a-real-password', OPTIONS);
    passwordPool.measured(performance.now() - started);
    return made;
  })();
  return dummy;
}

/**
 * Waits for the start's measuring check, then ends its thread: an idle server keeps no hashing
 * thread, and the first sign-in starts one (decision 093). Called just before a server process
 * listens.
 */
export async function endStartHashing() {
  await dummyHash();
  passwordHashers.retireIdle();
}

/**
 * The forms of a typed password to try, within one counted try: its NFKC form, then, when that
 * differs, the form as typed, which a hash set before passwords were normalised was made from.
 */
function candidates(password: string): string[] {
  const normalized = normalizePassword(password);
  return normalized === password ? [normalized] : [normalized, password];
}

/** True when `password` is the one hashed; with no hash, the same work against a dummy and false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const target = passwordHash || (await dummyHash());
  for (const candidate of candidates(password)) {
    if (await inPool(() => passwordHashers.verify(target, candidate).catch(() => false))) return !!passwordHash;
  }
  return false;
}
