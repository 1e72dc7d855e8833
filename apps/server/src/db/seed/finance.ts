import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { receiptNumber } from '@aesa/shared/finance';
import { academicSessions, payments } from '../schema.ts';
import { storeProof } from '../../modules/finance/payment-proof.ts';

/** The demo's current session and its dues. */
export const DEMO_SESSION = { year: '2026-2027', starts_on: '2026-09-01', ends_on: '2027-08-31', dues_amount: 5000, dues_by_level: { '100': 3000 } } as const;
const DEMO_PAID = 8;
const DEMO_PENDING = 3;

/**
 * Demo data of the association's year: last session (2025-2026) and the current one (2026-2027)
 * with its dues; some verified demo members paid (approved, with numbered receipts: some in cash
 * at the desk, some by transfer with a proof), some have a proof waiting for the treasurer, and a
 * few paid last session too. Runs only on an empty database (index.ts), after the members.
 */
export async function seedFinanceDemo(app: FastifyInstance, officerId: string) {
  const [last] = await app.db
    .insert(academicSessions)
    .values({ year: '2025-2026', starts_on: '2025-09-01', ends_on: '2026-08-31', dues_amount: 4000, is_current: false })
    .returning({ id: academicSessions.id });
  const [current] = await app.db
    .insert(academicSessions)
    .values({ ...DEMO_SESSION, dues_by_level: { ...DEMO_SESSION.dues_by_level }, is_current: true })
    .returning({ id: academicSessions.id });

  // Verified current members who are students (not alumni), in a stable order.
  const { rows: members } = await app.db.execute<{ id: string; level_key: string | null }>(sql`
    select u.id, u.level_key from users u
    where u.level_key in ('100', '200', '300', '400', '500')
      and exists (select 1 from member_roles r where r.user_id = u.id and r.is_current and r.verified_by_admin)
    order by u.matric_number limit ${DEMO_PAID + DEMO_PENDING}`);
  const proof = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#e8f1fb' } })
    .composite([{ input: Buffer.from('<svg width="600" height="400"><text x="40" y="200" font-size="36" font-family="sans-serif" fill="#123">Bank transfer slip</text></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();
  const dues = (levelKey: string | null) => (levelKey === '100' ? 3000 : 5000);

  let sequence = 0;
  let lastSequence = 0;
  for (const [i, m] of members.entries()) {
    const paid = i < DEMO_PAID;
    const withProof = !paid || i % 2 === 0;
    const stored = withProof ? await storeProof(app, proof) : null;
    // Sent or recorded over the last weeks; a proof decided a day after it was sent.
    const sent = sql`now() - make_interval(days => ${21 - i})`;
    const decided = paid ? { decided_by: officerId, decided_at: stored ? sql`now() - make_interval(days => ${20 - i})` : sent } : {};
    await app.db.insert(payments).values({
      user_id: m.id,
      session_id: current!.id,
      amount: dues(m.level_key),
      method: stored ? 'transfer' : 'cash',
      reference: stored ? `TRF-26${String(4100 + i)}` : null,
      proof_path: stored?.relative ?? null,
      status: paid ? 'approved' : 'pending',
      receipt_number: paid ? receiptNumber(app.config.associationName, DEMO_SESSION.year, ++sequence) : null,
      recorded_by: stored ? m.id : officerId,
      created_at: sent,
      ...decided,
    });
    // Every other paying member paid last session too: the Membership card's history shows it.
    if (paid && i % 2 === 1) {
      await app.db.insert(payments).values({
        user_id: m.id,
        session_id: last!.id,
        amount: 4000,
        method: 'cash',
        status: 'approved',
        receipt_number: receiptNumber(app.config.associationName, '2025-2026', ++lastSequence),
        recorded_by: officerId,
        decided_by: officerId,
        decided_at: sql`now() - interval '300 days'`,
        created_at: sql`now() - interval '300 days'`,
      });
    }
  }
  await app.db.execute(sql`update academic_sessions set receipts_issued = ${sequence} where id = ${current!.id}`);
  await app.db.execute(sql`update academic_sessions set receipts_issued = ${lastSequence} where id = ${last!.id}`);
}
