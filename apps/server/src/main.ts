import { buildApp } from './app.ts';
import { ConfigError, devMailboxOn, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/open.ts';
import { seedDemo } from './db/seed/index.ts';
import { hasDemoAccounts } from './db/seed/demo-logins.ts';
import { issueSetupLink } from './modules/setup/setup.service.ts';

async function main() {
  const config = loadConfig();
  const log = (m: string) => console.log(m);
  const database = await openDatabase(config, log);
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    if (config.production) log('  WARNING: SEED_DEMO=true in production: an empty database gets demo accounts, whose passwords this console shows. Unset SEED_DEMO before real members join.');
    await seedDemo(app, log);
  } else if (config.production && (await hasDemoAccounts(app.db))) {
    log('  WARNING: this production database holds demo accounts (made by an earlier start with demo data).');
  }
  // No super admin (and no demo one): a one-time link for the operator to create the first.
  const setupLink = await issueSetupLink(app.db, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close(); // the mail worker finishes its message as the app closes
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'external PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  log(`\n  ${config.associationName} Portal is running at ${config.publicUrl} (database: ${where})`);
  if (devMailboxOn(config)) log(`  No SMTP_URL: e-mails are kept in the outbox; read them from this machine at http://localhost:${config.port}/dev/mail\n`);
  else if (!config.smtpUrl) log('  No SMTP_URL: e-mails are kept in the outbox and not shown (DEV_MAIL=false or production).\n');
  if (setupLink) log(`  No administrator yet. Create the first one within an hour, once, at:\n  ${setupLink}\n`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('The portal could not start:', err instanceof Error ? err.message : err);
    if (process.env.LOG_LEVEL === 'debug') console.error(err);
  }
  process.exit(1);
});
