import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { formatPoints } from '../../../contracts/constants';
import { PAYMENT_EVENT_STATUS, paymentStatusEventId, RECHARGE_RESULT_KEY } from '../../../contracts/payment-constants';
import { LateNote, OrderDetails } from '~/components/payments/order-parts';
import { Page } from '~/components/page';
import { refreshPoints } from '~/hooks/use-points-balance';
import { trackEvent } from '~/services/browser/analytics.client';
import { setItem } from '~/services/browser/local-storage.client';
import { ACCOUNT_ROUTES, pageTitle } from '~/services/navigation';
import { PAYMENT_ROUTES } from '~/services/payments';
import { resultLoader } from '~/services/pages/payments-pages.server';

const PAGE = '支付结果';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => resultLoader(PAGE, args);

/** Spec §2 payment/result, and §3's local recharge result (success and points). */
export default function PaymentResult() {
  const { order } = useLoaderData<typeof loader>();
  const success = order.status === 'paid';
  useEffect(() => {
    setItem(RECHARGE_RESULT_KEY, { success, points: success ? order.points : 0, orderNo: order.orderNo });
    // The socket's PAYMENT_STATUS event carries this same id, so the two make one balance refetch.
    if (success) refreshPoints(paymentStatusEventId(order.orderNo, PAYMENT_EVENT_STATUS.paid));
    // Once per order: a reload of this page is not a second payment.
    if (success) trackEvent('order_paid', { points: order.points }, `order_paid:${order.orderNo}`);
  }, [success, order.points, order.orderNo]);

  return (
    <Page title={PAGE} maxW="2xl">
      <Stack gap="5">
        <Box bg="white" rounded="xl" borderWidth="1px" px={{ base: '5', md: '8' }} py="6" textAlign="center" data-testid="payment-result">
          <Text fontSize="2xl" fontWeight="bold" color={success ? 'green.600' : 'gray.700'}>
            {success ? '充值成功' : '尚未完成支付'}
          </Text>
          <Text mt="2" color="gray.600">
            {success ? (
              <>
                已到账{' '}
                <Text as="b" color="orange.600" data-testid="result-points">
                  {formatPoints(order.points)}
                </Text>{' '}
                积分
              </>
            ) : (
              '如已付款，请稍候刷新；积分会在收到付款通知后到账。'
            )}
          </Text>
          <Box mt="2">
            <LateNote order={order} />
          </Box>
        </Box>
        <Box bg="white" rounded="xl" borderWidth="1px" px={{ base: '5', md: '8' }} py="4">
          <OrderDetails order={order} />
        </Box>
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button asChild variant="outline">
            <Link to={ACCOUNT_ROUTES.pointsHistory}>查看积分明细</Link>
          </Button>
          <Button asChild colorPalette="blue">
            <Link to={success ? '/dash/overview' : PAYMENT_ROUTES.pay(order.id)}>{success ? '开始使用' : '返回支付'}</Link>
          </Button>
        </Flex>
      </Stack>
    </Page>
  );
}
