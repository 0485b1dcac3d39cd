/**
 * The payment page learns an order's fate twice over: a PAYMENT_STATUS socket message and a
 * polled GET of the order (the fallback when the socket is down). Whichever says it first wins;
 * the other is ignored, so a payment is handled once. Statuses arrive as the socket sends them
 * (PAID) or as the order has them (paid).
 */
export type OrderOutcome = 'paid' | 'expired' | 'cancelled';

export function createOrderFollower(onOutcome: (outcome: OrderOutcome, source: 'socket' | 'poll') => void) {
  let settled = false;
  return {
    report(status: unknown, source: 'socket' | 'poll') {
      if (settled || typeof status !== 'string') return false;
      const outcome = status.toLowerCase();
      if (outcome !== 'paid' && outcome !== 'expired' && outcome !== 'cancelled') return false;
      settled = true;
      onOutcome(outcome, source);
      return true;
    },
    get settled() {
      return settled;
    },
  };
}
