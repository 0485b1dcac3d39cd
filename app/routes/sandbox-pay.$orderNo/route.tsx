import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { formatPoints } from '../../../contracts/constants';
import { formatYuan, ORDER_STATUS_LABELS } from '../../../contracts/payment-constants';
import { SandboxBadge } from '~/components/payments/order-parts';
import { FormAlert } from '~/components/ui/form-alert';
import { pageTitle } from '~/services/navigation';
import { sandboxAction, sandboxLoader } from '~/services/pages/payments-pages.server';

const PAGE = '沙箱支付';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }];

export const loader = (args: LoaderFunctionArgs) => sandboxLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => sandboxAction(PAGE, args);

/**
 * What the sandbox's QR code opens: a page playing the buyer's phone (ADR 0027). 确认支付 makes the
 * API send a signed notification to its own notify route, as a gateway would; 取消 pays nothing.
 * Outside the dashboard and without a session, like a phone that scanned a code.
 */
export default function SandboxPay() {
  const { order, t, error } = useLoaderData<typeof loader>();
  // The phone page is outside the shell: nothing revalidates it behind the answer (ADR 0023).
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const status = answer?.outcome === 'paid' ? 'paid' : order?.status;
  return (
    <Flex minH="100dvh" bg="gray.100" align="center" justify="center" p="4">
      <Box bg="white" rounded="2xl" shadow="md" w="full" maxW="sm" p="6" data-testid="sandbox-page">
        <Stack gap="5" align="center" textAlign="center">
          <SandboxBadge />
          <Text fontSize="sm" color="gray.600">
            模拟手机扫码付款，不会产生真实扣款
          </Text>
          {!order ? (
            <FormAlert>{error}</FormAlert>
          ) : (
            <>
              <Box>
                <Text color="gray.600">{order.title}</Text>
                <Text fontSize="4xl" fontWeight="bold" data-testid="sandbox-amount">
                  {formatYuan(order.amount)}
                </Text>
                <Text fontSize="sm" color="orange.700">
                  到账 {formatPoints(order.points)} 积分
                </Text>
              </Box>
              {answer && (
                <FormAlert
                  status={answer.outcome === 'paid' ? 'success' : answer.outcome === 'cancelled' ? 'warning' : 'error'}
                  testId="sandbox-answer"
                >
                  {answer.message}
                </FormAlert>
              )}
              {status === 'pending' && answer?.outcome !== 'cancelled' ? (
                <Form method="post" style={{ width: '100%' }}>
                  <input type="hidden" name="t" value={t} />
                  <Stack gap="3">
                    <Button
                      type="submit"
                      name="intent"
                      value="pay"
                      colorPalette="green"
                      size="lg"
                      loading={navigation.state === 'submitting'}
                      data-testid="sandbox-confirm"
                    >
                      确认支付
                    </Button>
                    <Button type="submit" name="intent" value="cancel" variant="outline" data-testid="sandbox-cancel">
                      取消
                    </Button>
                  </Stack>
                </Form>
              ) : (
                !answer && <Text color="gray.600">订单{ORDER_STATUS_LABELS[status ?? 'pending']}</Text>
              )}
              <Text fontSize="xs" color="gray.400">
                订单号 {order.orderNo}
              </Text>
            </>
          )}
        </Stack>
      </Box>
    </Flex>
  );
}
