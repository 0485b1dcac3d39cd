import { Box, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatPoints } from '../../../contracts/constants';
import { formatYuan } from '../../../contracts/payment-constants';
import { methodLabel, OrderStatusBadge } from '~/components/payments/order-parts';
import { HistoryPager } from '~/components/points/points-history-table';
import { Page } from '~/components/page';
import { formatDateTime } from '~/services/dates';
import { pageTitle } from '~/services/navigation';
import { ORDERS_PAGE_SIZE, PAYMENT_ROUTES } from '~/services/payments';
import { ordersLoader } from '~/services/pages/payments-pages.server';

const PAGE = '我的订单';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => ordersLoader(PAGE, args);

/** The user's package orders, newest first; pages are links, so it works without JavaScript. */
export default function Orders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <Page
      title={PAGE}
      description="积分套餐的购买记录。"
      actions={
        <Button asChild colorPalette="blue" size="sm">
          <Link to={PAYMENT_ROUTES.recharge}>充值积分</Link>
        </Button>
      }
    >
      {orders.total === 0 ? (
        <Stack bg="white" rounded="xl" borderWidth="1px" p="8" align="center" gap="3" data-testid="orders-empty">
          <Text color="gray.600">还没有订单</Text>
          <Button asChild size="sm" variant="outline">
            <Link to={PAYMENT_ROUTES.pricing}>看看充值套餐</Link>
          </Button>
        </Stack>
      ) : (
        <>
          {/* Phones: one card per order (the table would hide its status off-screen). */}
          <Stack gap="0" hideFrom="md" bg="white" rounded="xl" borderWidth="1px" divideY="1px" data-testid="orders-cards">
            {orders.items.map((o) => (
              <Link key={o.id} to={o.status === 'pending' ? PAYMENT_ROUTES.pay(o.id) : PAYMENT_ROUTES.order(o.id)}>
                <Box px="4" py="3">
                  <Flex justify="space-between" gap="3" align="center">
                    <Text fontWeight="medium">{o.title}</Text>
                    <OrderStatusBadge status={o.status} />
                  </Flex>
                  <Text fontSize="sm" color="gray.700" mt="1" fontVariantNumeric="tabular-nums">
                    {formatYuan(o.amount)} · {formatPoints(o.points)} 积分
                  </Text>
                  <Text fontSize="xs" color="gray.500" mt="0.5">
                    {formatDateTime(o.createdAt)}
                  </Text>
                  <Text fontSize="xs" color="gray.500" mt="1">
                    {methodLabel(o.channel, o.provider)}
                    {o.paidLate ? ' · 过期后到账' : ''}
                  </Text>
                </Box>
              </Link>
            ))}
          </Stack>
          <Box bg="white" rounded="xl" borderWidth="1px" overflowX="auto" hideBelow="md">
            <Table.Root size="sm" data-testid="orders-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>下单时间</Table.ColumnHeader>
                  <Table.ColumnHeader>套餐</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">积分</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">金额</Table.ColumnHeader>
                  <Table.ColumnHeader>支付方式</Table.ColumnHeader>
                  <Table.ColumnHeader>状态</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {orders.items.map((o) => (
                  <Table.Row key={o.id} data-testid="order-row">
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(o.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Text>{o.title}</Text>
                      <Text fontSize="xs" color="gray.500" fontFamily="mono">
                        {o.orderNo}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                      {formatPoints(o.points)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                      {formatYuan(o.amount)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{methodLabel(o.channel, o.provider)}</Table.Cell>
                    <Table.Cell>
                      <Flex gap="1" align="center" wrap="wrap">
                        <OrderStatusBadge status={o.status} />
                        {o.paidLate && (
                          <Text fontSize="xs" color="orange.700">
                            过期后到账
                          </Text>
                        )}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>
                      <Link to={o.status === 'pending' ? PAYMENT_ROUTES.pay(o.id) : PAYMENT_ROUTES.order(o.id)}>
                        <Text as="span" color="blue.600" whiteSpace="nowrap">
                          {o.status === 'pending' ? '去支付' : '详情'}
                        </Text>
                      </Link>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <HistoryPager
            page={orders.page}
            pageSize={ORDERS_PAGE_SIZE}
            total={orders.total}
            hrefFor={(page) => `${PAYMENT_ROUTES.orders}?page=${page}`}
            label="订单分页"
            testId="orders-pager"
          />
        </>
      )}
    </Page>
  );
}
