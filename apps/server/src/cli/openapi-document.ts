// npm run lint:api: the API document exactly as /api/openapi.json serves it, written to a file
// (the first argument) for the linter. It is generated from the routes as they register, so the
// app is built, never started, on a database address nothing listens on: no query is needed.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connect } from '../db/client.ts';

const out = process.argv[2];
if (!out) {
  console.error('usage: openapi-document.ts <file.json>');
  process.exit(2);
}
const url = 'postgres://nobody@127.0.0.1:1/none';
// The document names its server, the site's address: here the deployment guide's example one.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://portal.example.edu' });
const database = connect(url, 'postgres', 1);
const app = await buildApp({ config, database, logger: false, jobs: false });
await app.ready();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await database.close();
process.exit(0);
