import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatPoints } from '../../../contracts/constants';
import {
  formatYuan,
  ORDER_STATUS_LABELS,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_PROVIDER_LABELS,
  type OrderStatus,
  type PaymentChannel,
  type PaymentProviderKind,
} from '../../../contracts/payment-constants';
import type { Order } from '../../../contracts/payments';
import { formatDateTime } from '~/services/dates';

const STATUS_COLORS: Record<OrderStatus, string> = { pending: 'orange', paid: 'green', expired: 'gray', cancelled: 'gray' };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge colorPalette={STATUS_COLORS[status]} variant="subtle" data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The method, and who serves it: the sandbox is always named as such. */
export function methodLabel(channel: PaymentChannel, provider: PaymentProviderKind | null) {
  return provider === 'sandbox' ? `${PAYMENT_CHANNEL_LABELS[channel]}（沙箱支付）` : PAYMENT_CHANNEL_LABELS[channel];
}

export function SandboxBadge() {
  return (
    <Badge colorPalette="purple" variant="solid" data-testid="sandbox-badge">
      {PAYMENT_PROVIDER_LABELS.sandbox}
    </Badge>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" gap="4" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} fontSize="sm">
      <Text color="gray.600" flexShrink={0}>
        {label}
      </Text>
      <Box textAlign="end" minW="0" wordBreak="break-all">
        {children}
      </Box>
    </Flex>
  );
}

/** An order's facts, as the order, payment and result pages show them. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <Box data-testid="order-details">
      <Row label="订单号">
        <Text fontFamily="mono" fontSize={{ base: 'xs', sm: 'sm' }} data-testid="order-no">
          {order.orderNo}
        </Text>
      </Row>
      <Row label="套餐">{order.title}</Row>
      <Row label="积分">
        <Text fontWeight="semibold" color="orange.700">
          {formatPoints(order.points)} 积分
        </Text>
      </Row>
      <Row label="金额">
        <Text fontWeight="semibold" data-testid="order-amount">
          {formatYuan(order.amount)}
        </Text>
      </Row>
      <Row label="支付方式">{methodLabel(order.channel, order.provider)}</Row>
      <Row label="状态">
        <OrderStatusBadge status={order.status} />
      </Row>
      <Row label="下单时间">{formatDateTime(order.createdAt)}</Row>
      {order.status === 'pending' && <Row label="支付截止">{formatDateTime(order.expiresAt)}</Row>}
      {order.paidAt && <Row label="支付时间">{formatDateTime(order.paidAt)}</Row>}
    </Box>
  );
}

/** A payment that arrived after the order had expired: credited all the same, and said so. */
export function LateNote({ order }: { order: Order }) {
  if (!order.paidLate) return null;
  return (
    <Text fontSize="sm" color="orange.700" data-testid="order-paid-late">
      该订单在过期后才收到付款，积分已照常到账。
    </Text>
  );
}
