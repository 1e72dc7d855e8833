import fs from 'node:fs';

// Open sockets, read from /proc: what a process holds (its fds that are sockets: clients,
// PostgreSQL connections, the listening socket, IPC channels) and the TCP connections of a port.

/** Socket file descriptors of a process (entries of /proc/<pid>/fd that link to socket:[...]). */
export function socketFds(pid: number): number {
  let n = 0;
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) n++;
      } catch {
        /* closed meanwhile */
      }
    }
  } catch {
    /* gone */
  }
  return n;
}

/**
 * Established TCP connections whose local port is `port` (the server's end of each client
 * connection), over IPv4 and IPv6. State 01 is ESTABLISHED in /proc/net/tcp.
 */
export function establishedOnPort(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let n = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 3 && f[1]!.endsWith(`:${hex}`) && f[3] === '01') n++;
    }
  }
  return n;
}
