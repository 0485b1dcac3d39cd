import { useEffect, useRef } from 'react';
import { realtimeClient } from '~/hooks/use-realtime';
import { createOrderFollower, type OrderOutcome } from '~/services/order-follower';
import { ORDER_POLL_MS } from '~/services/payments';
import { resourceFetch } from '~/services/browser/resource-fetch.client';

/**
 * Follows a pending order until it is paid, expires or is cancelled: PAYMENT_STATUS_LISTEN on the
 * tab's socket (again after each authentication, since a reconnect forgets it), and a poll of the
 * order every few seconds in case the socket is down. The first final status is acted on once.
 */
export function useOrderStatus(order: { id: string; orderNo: string; status: string }, onOutcome: (outcome: OrderOutcome) => void) {
  const callback = useRef(onOutcome);
  useEffect(() => {
    callback.current = onOutcome;
  });
  const { id, orderNo, status } = order;
  useEffect(() => {
    if (status !== 'pending') return;
    const follower = createOrderFollower((outcome) => callback.current(outcome));
    const client = realtimeClient();
    const listen = () => client.send('PAYMENT_STATUS_LISTEN', { orderNo });
    listen();
    const unsubscribe = client.subscribe((notice) => {
      if (notice.kind === 'authenticated') listen();
      if (notice.kind !== 'message' || notice.message.type !== 'PAYMENT_STATUS') return;
      const data = (notice.message.data ?? {}) as { orderNo?: unknown; status?: unknown };
      if (data.orderNo === orderNo) follower.report(data.status, 'socket');
    });
    let polling = false;
    const timer = setInterval(() => {
      if (polling || follower.settled) return;
      polling = true;
      resourceFetch<{ status: string }>(`payment/orders/${encodeURIComponent(id)}`)
        .then((o) => follower.report(o.status, 'poll'))
        .catch(() => undefined)
        .finally(() => (polling = false));
    }, ORDER_POLL_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
      client.send('PAYMENT_STATUS_LISTEN_STOP', { orderNo });
    };
  }, [id, orderNo, status]);
}
