import { PAYMENT_METHOD_LABELS, formatNaira, type PaymentMethod } from '@aesa/shared/finance';

// The e-mails a member gets when an officer decides on their payment. Plain text, like every
// e-mail the portal sends.

export function paymentApprovedMail(associationName: string, p: { name: string; year: string; amount: number; method: PaymentMethod; receipt_number: string; link: string }) {
  return {
    subject: `${associationName}: your dues for ${p.year} are paid`,
    text: `Dear ${p.name},\n\nYour payment of ${formatNaira(p.amount)} (${PAYMENT_METHOD_LABELS[p.method]}) for the ${p.year} session has been approved. You are a financial member for ${p.year}.\n\nReceipt number: ${p.receipt_number}\nOpen and print your receipt: ${p.link}\n\nThank you.`,
  };
}

export function paymentRejectedMail(associationName: string, p: { name: string; year: string; amount: number; reason: string; link: string }) {
  return {
    subject: `${associationName}: your proof of payment for ${p.year} was not accepted`,
    text: `Dear ${p.name},\n\nYour proof of payment of ${formatNaira(p.amount)} for the ${p.year} session was not accepted.\n\nReason: ${p.reason}\n\nYou can send a new proof from your profile: ${p.link}\n\nIf you think this is a mistake, please contact the treasurer.`,
  };
}

export function paymentVoidedMail(associationName: string, p: { name: string; year: string; amount: number; receipt_number: string | null; reason: string; link: string }) {
  return {
    subject: `${associationName}: your payment for ${p.year} was voided`,
    text: `Dear ${p.name},\n\nYour payment of ${formatNaira(p.amount)} for the ${p.year} session${p.receipt_number ? ` (receipt ${p.receipt_number})` : ''} was voided by the treasurer, so it no longer counts towards your dues.\n\nReason: ${p.reason}\n\nYour membership: ${p.link}\n\nIf you think this is a mistake, please contact the treasurer.`,
  };
}
