/**
 * The app runs as behind a reverse proxy (TRUST_PROXY=loopback), and each simulated visitor has its
 * own address in X-Forwarded-For, from 198.18.0.0/15, the range reserved for benchmarks (RFC 2544;
 * only a header: no traffic goes there). Per-address rate limits then apply per visitor, as in
 * production, instead of to the whole load as if it were one visitor.
 */
export function visitorAddress(n: number): string {
  const i = n % 131_072;
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
}
