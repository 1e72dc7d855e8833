// The HTTP baseline: a bare Fastify JSON route, nothing else (no database, no plugins, no
// logging), in its own process on 127.0.0.1. Measured in the same run as the app's routes.
//   node --import tsx bench/children/bare-fastify.ts <port> [replica.json]
// With a replica ({headers, body} captured from one of the app's answers), /json answers those
// exact bytes: what the same response costs this machine and the load generator without the app.
import fs from 'node:fs';
import Fastify from 'fastify';

const replica = process.argv[3] ? (JSON.parse(fs.readFileSync(process.argv[3], 'utf8')) as { headers: Record<string, string>; body: string }) : null;
const app = Fastify({ logger: false });
if (replica) app.get('/json', (_request, reply) => void reply.headers(replica.headers).send(replica.body));
else app.get('/json', async () => ({ success: true, hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
