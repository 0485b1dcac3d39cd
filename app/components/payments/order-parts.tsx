import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
import { useHydrated } from '~/hooks/use-hydrated';
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

/** mm:ss left until `until`, ticking each second; nothing on the server (the details show the deadline). */
export function PaymentCountdown({ until, onElapsed }: { until: string; onElapsed?: () => void }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Date.parse(until) - now);
  // Once: a browser clock ahead of the server's must not ask again and again.
  const elapsed = useRef(false);
  useEffect(() => {
    if (left === 0) {
      if (!elapsed.current) onElapsed?.();
      elapsed.current = true;
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, onElapsed]);
  if (!hydrated) return null;
  const seconds = Math.ceil(left / 1000);
  return (
    <Text fontSize="sm" color={seconds > 60 ? 'gray.600' : 'red.600'} fontVariantNumeric="tabular-nums" data-testid="payment-countdown">
      {seconds > 0
        ? `剩余支付时间 ${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
        : '支付时间已到'}
    </Text>
  );
}
