import { normaliseReceipt } from '@aesa/shared/receipts';

// The receipts this device holds: one per vote cast here, kept in local storage per election and
// member. The server knows THAT a member voted, never for whom (ballots carry no voter): these
// receipts are the only place the voting page can learn the chosen candidate from. They stay on
// the device until the member deletes them (a shared computer keeps them after sign-out, so the
// success dialog says so and offers the download instead).

export interface DeviceReceipt {
  position: string;
  candidate_id: string;
  /** The name at voting time, for the file and for a candidate the election no longer lists. */
  candidate_name: string;
  receipt: string;
}

const PREFIX = 'aesa.receipts';
export const receiptsKey = (electionId: string, userId: string) => `${PREFIX}.${electionId}.${userId}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isReceipt = (r: unknown): r is DeviceReceipt => {
  const v = r as Partial<DeviceReceipt> | null;
  return (
    !!v &&
    typeof v.position === 'string' &&
    typeof v.candidate_id === 'string' &&
    typeof v.candidate_name === 'string' &&
    typeof v.receipt === 'string' &&
    normaliseReceipt(v.receipt) === v.receipt
  );
};

/** The receipts kept for this election and member; anything unreadable is ignored. */
export function readReceipts(electionId: string, userId: string): DeviceReceipt[] {
  try {
    const raw = storage()?.getItem(receiptsKey(electionId, userId));
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.filter(isReceipt) : [];
  } catch {
    return [];
  }
}

/** Keeps a new receipt (one per position: a vote is final, so a second one only replaces a stale entry). */
export function keepReceipt(electionId: string, userId: string, receipt: DeviceReceipt): DeviceReceipt[] {
  const next = [...readReceipts(electionId, userId).filter((r) => r.position !== receipt.position), receipt];
  try {
    storage()?.setItem(receiptsKey(electionId, userId), JSON.stringify(next));
  } catch {
    // Storage full or switched off: the receipt is still shown now, to copy or download.
  }
  return next;
}

/** The receipts as a small text file: election, then position, candidate and receipt per vote. */
export function receiptsText(o: { association: string; electionTitle: string; electionId: string; receipts: readonly DeviceReceipt[] }): string {
  const lines = [
    `${o.association} Portal: ballot receipts`,
    `Election: ${o.electionTitle}`,
    `Election id: ${o.electionId}`,
    '',
    ...o.receipts.flatMap((r) => [`Position: ${r.position}`, `Candidate: ${r.candidate_name}`, `Receipt: ${r.receipt}`, '']),
    'Each receipt lets you check that your ballot is counted. Keep this file private: once the',
    'election board is published, a receipt shows the candidate its ballot was cast for.',
    '',
  ];
  return lines.join('\n');
}

/** A file name from the election's title: receipts-aesa-general-elections-2026.txt. */
export function receiptsFileName(electionTitle: string): string {
  const slug = electionTitle
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `receipts-${slug || 'election'}.txt`;
}
