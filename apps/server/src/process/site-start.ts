import type { FastifyInstance } from 'fastify';
import { devMailboxOn, type AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { takeBackStopSignals } from '../db/embedded.ts';
import { demoSeedWanted, hasDemoAccounts } from '../db/seed/demo-logins.ts';
import { endStartHashing } from '../lib/passwords.ts';
import { issueSetupLink } from '../modules/setup/setup.service.ts';
import { collectStartGarbage } from './start-garbage.ts';

/**
 * What a start does once, before members are served, in the one process that started the
 * database: the demo data (SEED_DEMO), the warnings about demo accounts in production, and the
 * one-time link to create the first super admin. Returns that link (null when an admin exists).
 * `app` is the app of this process when it serves too; otherwise one is built for the seed.
 */
export async function prepareSite(config: AppConfig, database: Database, log: (m: string) => void, app?: FastifyInstance): Promise<string | null> {
  if (config.seedDemo) {
    if (config.production) log('  WARNING: SEED_DEMO=true in production: an empty database gets demo accounts, whose passwords this console shows. Unset SEED_DEMO before real members join.');
    // Only a first start seeds, and only then does a primary load and build the app.
    if (await demoSeedWanted(database.db, log)) {
      const [{ buildApp }, { seedDemo }] = await Promise.all([import('../app.ts'), import('../db/seed/index.ts')]);
      const seeder = app ?? (await buildApp({ config, database, jobs: false }));
      try {
        await seedDemo(seeder, log);
      } finally {
        if (!app) await seeder.close();
      }
    }
  } else if (config.production && (await hasDemoAccounts(database.db))) {
    log('  WARNING: this production database holds demo accounts (made by an earlier start with demo data).');
  }
  // No super admin (and no demo one): a one-time link for the operator to create the first.
  return issueSetupLink(database.db, config);
}

/** The lines an operator reads once the site answers. */
export function printStarted(config: AppConfig, setupLink: string | null, log: (m: string) => void) {
  const where = config.databaseUrl ? 'external PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  const processes = config.workers > 1 ? `, ${config.workers} server processes` : '';
  log(`\n  ${config.associationName} Portal is running at ${config.publicUrl} (database: ${where}${processes})`);
  if (devMailboxOn(config)) log(`  No SMTP_URL: e-mails are kept in the outbox; read them from this machine at http://localhost:${config.port}/dev/mail\n`);
  else if (!config.smtpUrl) log('  No SMTP_URL: e-mails are kept in the outbox and not shown (DEV_MAIL=false or production).\n');
  if (setupLink) log(`  No administrator yet. Create the first one within an hour, once, at:\n  ${setupLink}\n`);
}

/**
 * Runs `stop` once on SIGINT, SIGTERM or SIGHUP, then exits 0; the handler is returned for other
 * reasons to stop. The embedded database's own signal handlers are removed first: they would stop
 * PostgreSQL and exit before the requests in flight finished.
 */
export function onStopSignal(stop: (signal: string) => Promise<void>) {
  takeBackStopSignals();
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('The portal did not stop cleanly:', err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGHUP', () => handler('SIGHUP'));
  return handler;
}

/**
 * Readies a serving process's app and takes the port once what only the start needed is let go:
 * the start's password-hashing thread and its garbage (decisions 092 and 093). An idle server
 * then holds only what it runs.
 */
export async function listenLean(app: FastifyInstance, config: AppConfig) {
  await app.ready();
  await endStartHashing();
  await collectStartGarbage();
  await app.listen({ port: config.port, host: config.host });
}
