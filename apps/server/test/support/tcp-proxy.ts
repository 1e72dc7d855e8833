import net from 'node:net';

/** A TCP proxy on 127.0.0.1 that a test can cut and restore, to take a server "away". */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and stops accepting new ones. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
    /** Accepts connections again on the same port. */
    restore: listen,
    close: () => new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve())),
  };
}
