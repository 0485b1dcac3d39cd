import { Box, Button, Flex, Stack } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { LateNote, OrderDetails } from '~/components/payments/order-parts';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { pageTitle } from '~/services/navigation';
import { PAYMENT_ROUTES } from '~/services/payments';
import { orderAction, orderLoader } from '~/services/pages/payments-pages.server';

const PAGE = '确认订单';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => orderLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => orderAction(PAGE, args);

/** Spec §2 order/{orderId}: reached after the order is made, or opened directly by its id. */
export default function OrderPage() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  return (
    <Page title={PAGE} description="核对订单信息后扫码支付。" maxW="2xl">
      <Stack gap="5">
        <FormAlert status={answer?.ok ? 'success' : 'error'}>{answer?.message}</FormAlert>
        <Box bg="white" rounded="xl" borderWidth="1px" px={{ base: '5', md: '8' }} py="4">
          <OrderDetails order={order} />
          <LateNote order={order} />
        </Box>
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          {order.status === 'pending' ? (
            <>
              <Form method="post">
                <Button
                  type="submit"
                  variant="ghost"
                  w={{ base: 'full', sm: 'auto' }}
                  loading={navigation.state === 'submitting'}
                  data-testid="order-cancel"
                >
                  取消订单
                </Button>
              </Form>
              <Button asChild colorPalette="blue">
                <Link to={PAYMENT_ROUTES.pay(order.id)} data-testid="order-pay">
                  去支付
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline">
                <Link to={PAYMENT_ROUTES.orders}>我的订单</Link>
              </Button>
              <Button asChild colorPalette="blue">
                <Link to={order.status === 'paid' ? PAYMENT_ROUTES.result(order.id) : PAYMENT_ROUTES.recharge}>
                  {order.status === 'paid' ? '查看结果' : '重新下单'}
                </Link>
              </Button>
            </>
          )}
        </Flex>
      </Stack>
    </Page>
  );
}
