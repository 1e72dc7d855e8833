import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which reverse proxies may tell the app the client's address and protocol (X-Forwarded-For,
 * X-Forwarded-Proto). Never "everyone": a client that reaches the app directly could then pick
 * any address it likes and escape the per-address limits and the audit log.
 *
 * - `false`: trust nobody; the client is the socket's peer (the default).
 * - a hop count n: the n nearest hops are proxies, the nearest one only when it connects from
 *   loopback, i.e. a proxy on the same machine (see hopCountTrust). A proxy on another machine
 *   is named by its address instead.
 * - a list of addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`: only
 *   a peer on the list is believed, hop after hop.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_MAX_HOPS = 10;
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

const REFUSED_TRUE =
  `must be the number of proxies in front of the app (e.g. 1) or a comma-separated list of their addresses (e.g. 127.0.0.1,10.0.0.0/8); ` +
  `"true" is refused because it would believe an X-Forwarded-For header from any client`;
const BAD_VALUE = `must be the number of proxies in front of the app (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)`;

const proxyEntry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(NAMED_RANGES)]);

/** TRUST_PROXY as written in the environment, checked. */
export const trustProxyEnv = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const v = (raw ?? '').trim();
    if (v === '' || /^(false|no|0)$/i.test(v)) return false;
    if (/^(true|yes|on)$/i.test(v)) {
      ctx.addIssue({ code: 'custom', message: REFUSED_TRUE });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > TRUST_PROXY_MAX_HOPS) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${TRUST_PROXY_MAX_HOPS} proxies` });
        return z.NEVER;
      }
      return hops;
    }
    const list = v.split(',').map((a) => a.trim()).filter(Boolean);
    if (list.length === 0 || list.some((a) => !proxyEntry.safeParse(a).success)) {
      ctx.addIssue({ code: 'custom', message: BAD_VALUE });
      return z.NEVER;
    }
    return list;
  });

const loopbackPeers = new BlockList();
loopbackPeers.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackPeers.addAddress('::1', 'ipv6');

/** True for a loopback address (IPv4-mapped IPv6 included): a peer on this same machine. */
export function isLoopbackPeer(address: string): boolean {
  const plain = address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  if (family === 0) return false;
  return loopbackPeers.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The trust function of a hop count, as proxy-addr calls it: (address, hop index from the
 * socket's peer outwards). The n nearest hops are proxies; the nearest one must connect from
 * loopback (a proxy on this machine). Not "any private network": on a campus LAN or a shared
 * cloud network, every machine of it would otherwise be believed about its own address and
 * could pick a fresh one per request, past the per-address limits and into the audit log. A
 * proxy on another machine is listed by its address. (Fastify itself turns a bare number into
 * "trust nobody", which would silently ignore the setting.)
 */
export function hopCountTrust(hops: number): (address: string, hop: number) => boolean {
  return (address, hop) => hop < hops && (hop > 0 || isLoopbackPeer(address));
}

/**
 * The warning printed at start for a hop count while the app listens on every address (HOST
 * 0.0.0.0 or ::): clients can then reach the app past the proxy. Their forged X-Forwarded-For
 * is not believed (only loopback peers are), but they skip the proxy's TLS and its own limits,
 * and a proxy on another machine is not believed either. Null when there is nothing to say.
 */
export function trustProxyWarning(trust: TrustProxy, host: string): string | null {
  if (typeof trust !== 'number' || trust === 0) return null;
  if (host !== '0.0.0.0' && host !== '::') return null;
  return (
    `Warning: TRUST_PROXY=${trust} with HOST=${host}: the app listens on every address, so a client can reach it past the proxy ` +
    `(no TLS, the proxy's limits skipped). X-Forwarded-For is believed only from loopback (a proxy on this machine). ` +
    `With the proxy on this machine, set HOST=127.0.0.1; with the proxy on another machine, set TRUST_PROXY to its address (e.g. TRUST_PROXY=10.0.0.5).`
  );
}

/** The value for Fastify's `trustProxy` option. */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return hopCountTrust(trust);
  return trust.length ? trust : false;
}
