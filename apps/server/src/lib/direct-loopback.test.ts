import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDirectLoopback } from './direct-loopback.ts';

const request = (remoteAddress: string, headers: Record<string, string> = {}, ip = remoteAddress) =>
  ({ raw: { socket: { remoteAddress } }, headers, ip }) as unknown as FastifyRequest;

describe('isDirectLoopback', () => {
  it('accepts the loopback addresses of IPv4, IPv6 and IPv4-mapped IPv6', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isDirectLoopback(request(a)), a).toBe(true);
  });

  it('refuses every other peer, whatever request.ip says (a trusted proxy may set it)', () => {
    for (const a of ['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '1127.0.0.1', '', '::2']) expect(isDirectLoopback(request(a, {}, '127.0.0.1')), a).toBe(false);
  });

  it('refuses a loopback peer that carries a forwarding header (a proxy on this machine)', () => {
    for (const h of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip']) expect(isDirectLoopback(request('127.0.0.1', { [h]: '127.0.0.1' })), h).toBe(false);
  });
});
