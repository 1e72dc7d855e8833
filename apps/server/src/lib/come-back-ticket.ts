import { createHmac, timingSafeEqual } from 'node:crypto';

/** The label the tickets' key is derived under (lib/derived-key.ts). */
export const COME_BACK_TICKET_KEY_LABEL = 'aesa come-back ticket v1';

/**
 * Come-back tickets (decision 089): the moment a sign-in turned away by a busy password pool was
 * told to come back at, signed for its client address, so that any server process can tell a
 * member due back from a newcomer. Each process's pool remembers only the moments it gave
 * itself, and a member's next request may reach another process.
 *
 * A ticket is `<moment in ms since the epoch>.<MAC>`, the MAC an HMAC-SHA256 of the address key
 * and the moment, cut to 128 bits. It says nothing the member was not told (Retry-After), and
 * works only from the address it was given to: another client cannot use it, and a forged or
 * changed one is ignored.
 */
export class ComeBackTickets {
  /** `key`: a secret every server process shares (app.ts derives it from the server's secret key, lib/derived-key.ts). */
  constructor(private readonly key: Buffer) {}

  issue(addressKey: string, atMs: number): string {
    const at = String(Math.round(atMs));
    return `${at}.${this.mac(addressKey, at).toString('base64url')}`;
  }

  /** The moment (ms since the epoch) of a ticket given to `addressKey`; null for anything else. */
  momentOf(ticket: string, addressKey: string): number | null {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
    if (!match) return null;
    // Compared as text: base64url has several spellings of the same bytes, and only ours counts.
    const expected = Buffer.from(this.mac(addressKey, match[1]!).toString('base64url'));
    return timingSafeEqual(Buffer.from(match[2]!), expected) ? Number(match[1]) : null;
  }

  private mac(addressKey: string, at: string): Buffer {
    return createHmac('sha256', this.key).update(`${addressKey}|${at}`).digest().subarray(0, 16);
  }
}
