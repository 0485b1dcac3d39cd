import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { OrderDetails } from '~/components/payments/order-parts';
import { Page } from '~/components/page';
import { pageTitle } from '~/services/navigation';
import { PAYMENT_ROUTES } from '~/services/payments';
import { callbackLoader } from '~/services/pages/payments-pages.server';

const PAGE = '支付确认';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => callbackLoader(PAGE, args);

/** Spec §2 payment/callback: a paid order has gone on to the result; anything else is explained here. */
export default function PaymentCallback() {
  const { order } = useLoaderData<typeof loader>();
  const pending = order.status === 'pending';
  return (
    <Page title={PAGE} maxW="2xl">
      <Stack gap="5">
        <Box bg="white" rounded="xl" borderWidth="1px" px={{ base: '5', md: '8' }} py="5">
          <Text fontWeight="semibold" mb="2" data-testid="callback-message">
            {pending
              ? '暂未收到付款结果。如已付款，请稍候片刻再刷新本页。'
              : order.status === 'expired'
                ? '订单已过期，未完成付款。'
                : '订单已取消。'}
          </Text>
          <OrderDetails order={order} />
        </Box>
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button asChild variant="outline">
            <Link to={PAYMENT_ROUTES.orders}>我的订单</Link>
          </Button>
          <Button asChild colorPalette="blue">
            <Link to={pending ? PAYMENT_ROUTES.callback(order.id) : PAYMENT_ROUTES.recharge} reloadDocument={pending}>
              {pending ? '刷新结果' : '重新下单'}
            </Link>
          </Button>
          {pending && (
            <Button asChild variant="ghost">
              <Link to={PAYMENT_ROUTES.pay(order.id)}>返回支付</Link>
            </Button>
          )}
        </Flex>
      </Stack>
    </Page>
  );
}
