import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDirectLoopback } from './direct-loopback.ts';

const request = (remoteAddress: string, headers: Record<string, string> = {}, ip = remoteAddress) =>
  ({ raw: { socket: { remoteAddress } }, headers: { host: 'localhost:3000', ...headers }, ip }) as unknown as FastifyRequest;

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

  it('refuses a loopback connection addressed to another name (DNS rebinding), accepts the loopback names', () => {
    for (const host of ['evil.example', 'evil.example:3000', '192.0.2.2:3000', '']) expect(isDirectLoopback(request('127.0.0.1', { host })), host).toBe(false);
    for (const host of ['localhost', 'LOCALHOST:3000', '127.0.0.1:3000', '[::1]:3000']) expect(isDirectLoopback(request('127.0.0.1', { host })), host).toBe(true);
  });
});
