import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ComeBackTickets } from './come-back-ticket.ts';

describe('come-back tickets', () => {
  const key = randomBytes(32);
  const tickets = new ComeBackTickets(key);
  const at = Date.UTC(2026, 10, 27, 17, 0, 0);

  it('gives back the moment to any holder of the key, for the address it was given to', () => {
    const ticket = tickets.issue('10.0.0.2', at);
    expect(ticket).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    expect(new ComeBackTickets(Buffer.from(key)).momentOf(ticket, '10.0.0.2')).toBe(at); // another process
  });

  it('is worth nothing from another address, under another key, or changed in any way', () => {
    const ticket = tickets.issue('10.0.0.2', at);
    expect(tickets.momentOf(ticket, '10.0.0.3')).toBeNull();
    expect(new ComeBackTickets(randomBytes(32)).momentOf(ticket, '10.0.0.2')).toBeNull();
    const [moment, mac] = ticket.split('.') as [string, string];
    expect(tickets.momentOf(`${Number(moment) - 60_000}.${mac}`, '10.0.0.2')).toBeNull(); // an earlier moment
    expect(tickets.momentOf(`${moment}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, '10.0.0.2')).toBeNull();
    // The same bytes spelt otherwise (the last character's four unused bits set): not ours either.
    const respelt = `${mac.slice(0, -1)}${String.fromCharCode(mac.charCodeAt(21) + 1)}`;
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(tickets.momentOf(`${moment}.${respelt}`, '10.0.0.2')).toBeNull();
    for (const bad of ['', moment, `${moment}.`, `${moment}.${mac}.x`, `x${ticket}`, `${'9'.repeat(20)}.${mac}`, `${moment}.${mac}=`]) {
      expect(tickets.momentOf(bad, '10.0.0.2')).toBeNull();
    }
  });
});
