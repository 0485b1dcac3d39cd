import {
  createdOrderSchema,
  orderPageSchema,
  orderSchema,
  packageListSchema,
  packageSchema,
  paymentMethodsSchema,
  paymentStartedSchema,
  sandboxOrderSchema,
  type CreateOrderInput,
  type PackageInput,
} from '../../../contracts/payments';
import type { PaymentChannel } from '../../../contracts/payment-constants';
import type { ApiTransport } from './transport.server';

/** Packages, orders and payments (spec §7; issue 12). */
export const paymentsApi = (api: ApiTransport) => ({
  packages: () => api.json('/packages', { schema: packageListSchema }),
  methods: () => api.json('/payment/methods', { schema: paymentMethodsSchema }),
  createOrder: (input: CreateOrderInput) => api.json('/payment/create-order', { method: 'POST', body: input, schema: createdOrderSchema }),
  order: (id: string) => api.json(`/payment/orders/${encodeURIComponent(id)}`, { schema: orderSchema }),
  orders: (page: number, pageSize: number) =>
    api.json(`/payment/orders?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`, { schema: orderPageSchema }),
  cancel: (id: string) => api.json(`/payment/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {}, schema: orderSchema }),
  /** WeChat's endpoint takes the order plus trade_type NATIVE (spec §7); Alipay's the order. */
  start: (id: string, channel: PaymentChannel) =>
    channel === 'WECHAT'
      ? api.json('/payment/wx/payment', { method: 'POST', body: { id, trade_type: 'NATIVE' }, schema: paymentStartedSchema })
      : api.json('/payment/alipay/payment', { method: 'POST', body: { id }, schema: paymentStartedSchema }),
  sandboxOrder: (orderNo: string, t: string) =>
    api.json(`/payment/sandbox/order?${new URLSearchParams({ orderNo, t })}`, { schema: sandboxOrderSchema, anonymous: true }),
  sandboxPay: (orderNo: string, t: string) =>
    api.json('/payment/sandbox/pay', { method: 'POST', body: { orderNo, t }, schema: sandboxOrderSchema, anonymous: true }),
  adminPackages: () => api.json('/admin/packages', { schema: packageListSchema }),
  createPackage: (input: PackageInput) => api.json('/admin/packages', { method: 'POST', body: input, schema: packageSchema }),
  updatePackage: (id: string, input: PackageInput) =>
    api.json(`/admin/packages/${encodeURIComponent(id)}`, { method: 'PUT', body: input, schema: packageSchema }),
});
