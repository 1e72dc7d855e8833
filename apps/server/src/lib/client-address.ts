import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';

/**
 * The client address of the request being served, for the rules that hold per address deep in
 * the services (the password pool's share per address, the lockout per account and address),
 * without every service taking the request as a parameter. Set by an onRequest hook (app.ts).
 *
 * The address is counted by its key (addressKey): an IPv4 address as is (an IPv4-mapped IPv6
 * address as its IPv4 form), an IPv6 address by its /64 network, since one client is usually
 * handed a whole /64 and could otherwise take a fresh address per try.
 */
interface ClientScope {
  key: string;
  /** On RATE_LIMIT_ALLOW: the operator lifted the per-address limits for it. */
  exempt: boolean;
}

const scope = new AsyncLocalStorage<ClientScope>();

/** Runs `fn` (the rest of the request) with `ip` as its client. */
export function withClientAddress(ip: string, exempt: boolean, fn: () => void) {
  scope.run({ key: addressKey(ip), exempt }, fn);
}

/**
 * The key the per-address limits count the current request by: null when its address is exempt
 * (RATE_LIMIT_ALLOW) or no request is served (the seed, `npm run create-admin`).
 */
export function limitedClientKey(): string | null {
  const s = scope.getStore();
  return s && !s.exempt ? s.key : null;
}

/**
 * The current request's client key, exempt or not (null outside a request): the lockout counts
 * per account and address for every address, since the operator's exemption lifts the limits
 * per address, not the protection of an account.
 */
export function clientAddressKey(): string | null {
  return scope.getStore()?.key ?? null;
}

/** What the per-address rules count by (see above). */
export function addressKey(ip: string): string {
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7);
  if (isIP(lower) !== 6) return lower;
  return `${expandIpv6(lower).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}
