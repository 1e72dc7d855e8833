import { type Page, test as base, expect } from '@playwright/test';
import { type Flag, makeAdmin, theSuperAdmin } from './admin.ts';
import { closeDb, deleteAdminRole, deleteElection, deleteUser, insertAccount } from './db.ts';
import { type ElectionPhase, createElection } from './elections.ts';
import { newMember } from './factories.ts';
import { type Member, signInAs } from './flows.ts';

// The set-up most tests share, as Playwright fixtures (docs/decisions/027-e2e-fixtures-and-tags.md):
// each test asks for what it needs by name, gets its own accounts and elections, and the fixture
// removes them after the test, whatever happened. Nothing is made for a test that does not ask.
//
//   test('…', async ({ page, member }) => …)                  a member, `page` signed in as them
//   const admin = await adminWith(['is_data_admin'])          an admin with exactly these flags, `page` signed in
//   const e = await election({ phase: 'open', positions: { President: ['Ada', 'Bayo'] } })
//   const someone = await createAccount({ name: 'Efe', verified: true })   an account, not signed in

export { expect };

/** An account that can log in: its matric number and password, id and display name. */
export interface Account extends Member {
  id: string;
  name: string;
}

export interface AccountOptions {
  /** Display name; by default none, as after a sign-up (the own profile then shows the matric number). */
  name?: string;
  /** A verified member role (who may vote); sign-ups start unverified. */
  verified?: boolean;
  matric?: string;
  email?: string;
  password?: string;
}

export interface ElectionOptions {
  title?: string;
  description?: string;
  /** Upcoming, open (the default) or ended: see elections.ts. */
  phase?: ElectionPhase;
  /** Candidates per position, in ballot order: a display name, or one with a manifesto. Each is a new account. */
  positions: Record<string, (string | { name: string; manifesto?: string })[]>;
  /** Results published from the start (an open election's tallies can then be followed live). */
  publishResults?: boolean;
}

export interface Election {
  id: string;
  title: string;
  candidates: { name: string; position: string; userId: string; candidateId: string }[];
  /** The candidate standing under this name. */
  candidate(name: string): { name: string; position: string; userId: string; candidateId: string };
}

interface Fixtures {
  /** Makes an account (not signed in anywhere). */
  createAccount: (options?: AccountOptions) => Promise<Account>;
  /** A member of this test's own, and the test's `page` signed in as them. */
  member: Account;
  /**
   * A new account holding a new admin role with exactly these module flags, given by the run's
   * super admin through the API; signs in the test's `page` (or `signIn`, or nobody with null).
   */
  adminWith: (flags: Flag[], options?: AccountOptions & { signIn?: Page | null }) => Promise<Account>;
  /** An election made by the run's super admin through the API, with a new account per candidate. */
  election: (options: ElectionOptions) => Promise<Election>;
}

let counter = 0;
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;

export const test = base.extend<Fixtures, { db: void }>({
  // The database pool of the worker (support/db.ts) is closed once, when the worker ends.
  db: [
    // Playwright reads a fixture's dependencies from this pattern: none here.
    // oxlint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      await closeDb();
    },
    { scope: 'worker', auto: true },
  ],

  // The test's API calls each open a connection of their own. A kept-alive connection left idle
  // for the server's keep-alive limit (72 s) can be closed by the server just as the next call
  // goes out on it; on a busy host neither side's timer had fired yet, and the call failed with
  // "socket hang up". A browser sends such a request again by itself; Playwright's client does not.
  request: async ({ playwright, baseURL, userAgent }, use) => {
    const request = await playwright.request.newContext({ baseURL, userAgent, extraHTTPHeaders: { connection: 'close' } });
    await use(request);
    await request.dispose();
  },

  // oxlint-disable-next-line no-empty-pattern
  createAccount: async ({}, use) => {
    const made: string[] = [];
    await use(async (options = {}) => {
      const account = { ...newMember(), ...(options.password ? { password: options.password } : {}) };
      if (options.matric) account.matric = options.matric.toUpperCase();
      if (options.email) account.email = options.email.toLowerCase();
      const { id } = await insertAccount({ ...account, name: options.name, verified: options.verified });
      made.push(id);
      return { ...account, id, name: options.name ?? '' };
    });
    for (const id of made) await deleteUser(id);
  },

  member: async ({ page, createAccount }, use) => {
    const member = await createAccount();
    await signInAs(page, member);
    await use(member);
  },

  adminWith: async ({ page, request, createAccount }, use) => {
    const made: { userId: string; roleId: string }[] = [];
    await use(async (flags, { signIn = page, ...options } = {}) => {
      const account = await createAccount({ name: 'Ade Admin', ...options });
      made.push({ userId: account.id, roleId: await makeAdmin(request, account.id, flags) });
      if (signIn) await signInAs(signIn, account);
      return account;
    });
    // This runs before createAccount's clean-up: the holder goes first (a role in use cannot).
    for (const { userId, roleId } of made) {
      await deleteUser(userId);
      await deleteAdminRole(roleId);
    }
  },

  election: async ({ request, createAccount }, use) => {
    const made: string[] = [];
    await use(async (options) => {
      const { token } = await theSuperAdmin(request);
      const entries = Object.entries(options.positions).flatMap(([position, list]) =>
        list.map((c) => (typeof c === 'string' ? { name: c, position } : { ...c, position })),
      );
      const accounts = await Promise.all(entries.map((c) => createAccount({ name: c.name })));
      const title = options.title ?? uniqueTitle('General Elections');
      const created = await createElection(request, token, {
        title,
        description: options.description,
        phase: options.phase,
        publishResults: options.publishResults,
        candidates: entries.map((c, i) => ({ userId: accounts[i]!.id, position: c.position, manifesto: 'manifesto' in c ? c.manifesto : undefined })),
      });
      made.push(created.id);
      const candidates = entries.map((c, i) => ({ name: c.name, position: c.position, userId: accounts[i]!.id, candidateId: created.candidateIds[i]! }));
      return {
        id: created.id,
        title,
        candidates,
        candidate(name: string) {
          const found = candidates.find((c) => c.name === name);
          if (!found) throw new Error(`no candidate named ${name} in ${title}`);
          return found;
        },
      };
    });
    for (const id of made) await deleteElection(id);
  },
});
