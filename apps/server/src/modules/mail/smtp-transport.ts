import net from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The SMTP connection the outbox sends over: one connection, kept open and reused, with Nagle's
 * algorithm off. Sent one after another over a new connection each, with the end of each message
 * held back until the server's delayed acknowledgement (about 40 ms), a message took 150 ms even to
 * a server on the same machine (7 a second: the notices that voting opened for 10,000 members took
 * 25 minutes); over this connection it takes 2 to 3 ms. TLS (smtps, STARTTLS) is set up by
 * nodemailer on top of this socket as before.
 */
export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({ ...parseConnectionUrl(smtpUrl), pool: true, maxConnections: 1, getSocket: connectWithoutDelay });
}

type SocketCallback = (err: Error | null, socketOptions: { connection?: net.Socket }) => void;

/**
 * A connected socket for nodemailer. If it cannot connect, nodemailer is left to connect its own
 * way, which fails the same and reports it: an error handed back from here would leave the pool
 * waiting for a connection that never comes.
 */
function connectWithoutDelay(options: { host?: string; port?: number; secure?: boolean }, callback: SocketCallback) {
  const socket = net.connect({ host: options.host ?? 'localhost', port: Number(options.port) || (options.secure ? 465 : 587), noDelay: true });
  const fail = () => {
    socket.off('timeout', fail).off('error', fail).destroy();
    callback(null, {});
  };
  socket.setTimeout(CONNECT_TIMEOUT_MS).once('timeout', fail).once('error', fail);
  socket.once('connect', () => {
    // From here nodemailer watches the socket (its own timeouts and errors).
    socket.setTimeout(0).off('timeout', fail).off('error', fail);
    callback(null, { connection: socket });
  });
}
