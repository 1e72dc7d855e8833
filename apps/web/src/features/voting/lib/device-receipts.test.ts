import { beforeEach, describe, expect, it } from 'vitest';
import { keepReceipt, readReceipts, receiptsFileName, receiptsKey, receiptsText } from './device-receipts.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

const president = { position: 'President', candidate_id: 'c1', candidate_name: 'Amaka Obi', receipt: 'K7QF-2M9C-XW4T' };
const treasurer = { position: 'Treasurer', candidate_id: 'c2', candidate_name: 'Chioma Nwosu', receipt: 'ABCD-EFGH-JKLM' };

describe('receipts kept on the device', () => {
  it('keeps receipts per election and member, one per position', () => {
    keepReceipt('e1', 'u1', president);
    keepReceipt('e1', 'u1', treasurer);
    expect(readReceipts('e1', 'u1')).toEqual([president, treasurer]);
    // Another member on this device, or another election, sees none of them.
    expect(readReceipts('e1', 'u2')).toEqual([]);
    expect(readReceipts('e2', 'u1')).toEqual([]);
    keepReceipt('e1', 'u1', { ...president, receipt: 'ZZZZ-ZZZZ-ZZZZ' });
    expect(readReceipts('e1', 'u1').map((r) => r.receipt)).toEqual(['ABCD-EFGH-JKLM', 'ZZZZ-ZZZZ-ZZZZ']);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(receiptsKey('e1', 'u1'), 'not json');
    expect(readReceipts('e1', 'u1')).toEqual([]);
    localStorage.setItem(receiptsKey('e1', 'u1'), JSON.stringify([president, { position: 'X' }, { ...treasurer, receipt: 'bad' }]));
    expect(readReceipts('e1', 'u1')).toEqual([president]);
  });

  it('writes a text file naming the election, and each position, candidate and receipt', () => {
    const text = receiptsText({ association: 'AESA', electionTitle: 'AESA General Elections 2026', electionId: 'e1', receipts: [president, treasurer] });
    expect(text).toContain('Election: AESA General Elections 2026');
    expect(text).toContain('Position: President\nCandidate: Amaka Obi\nReceipt: K7QF-2M9C-XW4T');
    expect(text).toContain('Position: Treasurer\nCandidate: Chioma Nwosu\nReceipt: ABCD-EFGH-JKLM');
    expect(receiptsFileName('AESA General Elections 2026')).toBe('receipts-aesa-general-elections-2026.txt');
    expect(receiptsFileName('???')).toBe('receipts-election.txt');
  });
});
