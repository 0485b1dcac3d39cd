/** Routes of the purchase flow (spec §2), shared by pages, links and redirects. */
export const PAYMENT_ROUTES = {
  pricing: '/dash/pricing',
  recharge: '/dash/recharge',
  orders: '/dash/orders',
  order: (id: string) => `/dash/order/${encodeURIComponent(id)}`,
  pay: (id: string) => `/dash/wechat-payment/${encodeURIComponent(id)}`,
  callback: (id: string) => `/dash/payment/callback?orderId=${encodeURIComponent(id)}`,
  result: (id: string) => `/dash/payment/result?orderId=${encodeURIComponent(id)}`,
} as const;

/** How often the payment page asks for its order when no socket message has come (the socket's fallback). */
export const ORDER_POLL_MS = 3000;
export const ORDERS_PAGE_SIZE = 10;
