// npm run demo-logins: new random passwords for the demo accounts, printed once.
import { loadConfig } from '../config.ts';
import { openDatabaseForCli } from '../db/open.ts';
import { NoDemoAccountsError, demoLoginLines, resetDemoLogins } from '../db/seed/demo-logins.ts';

const config = loadConfig();
const database = await openDatabaseForCli(config);
let exitCode = 0;
try {
  const logins = await resetDemoLogins(database.db, config.clock());
  console.log('The demo accounts have new passwords; their sessions have ended.');
  for (const line of demoLoginLines(logins)) console.log(line);
} catch (err) {
  if (!(err instanceof NoDemoAccountsError)) throw err;
  console.error(`demo-logins: ${err.message}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
