// The HTTP baseline: a bare Fastify JSON route, nothing else (no database, no plugins, no
// logging), in its own process on 127.0.0.1. Measured in the same run as the app's routes.
//   node --import tsx bench/children/bare-fastify.ts <port>
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ success: true, hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
