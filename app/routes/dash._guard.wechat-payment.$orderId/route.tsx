import { Box, Button, Flex, Image, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigate, useRevalidator } from '@remix-run/react';
import { formatYuan, PAYMENT_CHANNEL_LABELS } from '../../../contracts/payment-constants';
import { OrderDetails, PaymentCountdown, SandboxBadge } from '~/components/payments/order-parts';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { useOrderStatus } from '~/hooks/use-order-status';
import { pageTitle } from '~/services/navigation';
import { PAYMENT_ROUTES } from '~/services/payments';
import { paymentLoader } from '~/services/pages/payments-pages.server';

const PAGE = '扫码支付';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => paymentLoader(PAGE, args);

/**
 * Spec §2 wechat-payment/{orderId}: the QR code (WeChat Pay's code_url, Alipay's qr_code or the
 * sandbox's page) and the order followed over the socket with polling as the fallback; once paid
 * the result page opens. Without JavaScript, 我已完成支付 checks the order on the server.
 */
export default function WechatPayment() {
  const { order, payment, qrCode, error } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  useOrderStatus(order, (outcome) => (outcome === 'paid' ? navigate(PAYMENT_ROUTES.result(order.id), { replace: true }) : revalidate()));
  const sandbox = payment?.provider === 'sandbox';

  return (
    <Page
      title={`${PAYMENT_CHANNEL_LABELS[order.channel]}扫码支付`}
      description="请使用手机扫描二维码完成付款，付款后页面自动跳转。"
      maxW="3xl"
    >
      <Stack gap="5">
        <FormAlert testId="payment-error">{error}</FormAlert>
        {order.status !== 'pending' && (
          <FormAlert status="warning">{order.status === 'expired' ? '订单已过期，请重新下单' : '订单已取消'}</FormAlert>
        )}
        <Flex
          bg="white"
          rounded="xl"
          borderWidth="1px"
          p={{ base: '5', md: '8' }}
          gap="8"
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'flex-start' }}
        >
          {qrCode && payment && (
            <Stack align="center" gap="3" flexShrink={0}>
              {sandbox && <SandboxBadge />}
              <Image
                src={qrCode}
                alt="支付二维码"
                boxSize="220px"
                borderWidth="1px"
                rounded="md"
                data-testid="payment-qr"
                data-code-url={payment.code_url}
              />
              <Text fontSize="2xl" fontWeight="bold" color="orange.600">
                {formatYuan(order.amount)}
              </Text>
              {/* At the deadline the loader runs again and shows the order expired. */}
              <PaymentCountdown until={order.expiresAt} onElapsed={revalidate} />
              <Text fontSize="sm" color="gray.600" textAlign="center" maxW="220px">
                {sandbox
                  ? '沙箱支付：扫码（或在本机打开下方链接）进入模拟付款页面，不会产生真实扣款'
                  : `请打开${PAYMENT_CHANNEL_LABELS[order.channel]}扫一扫`}
              </Text>
              {sandbox && (
                <a href={payment.code_url} target="_blank" rel="noopener noreferrer" data-testid="sandbox-link">
                  <Text as="span" fontSize="sm" color="blue.600" textDecoration="underline">
                    打开沙箱付款页面
                  </Text>
                </a>
              )}
            </Stack>
          )}
          <Box flex="1" minW="0">
            <OrderDetails order={order} />
          </Box>
        </Flex>
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button asChild variant="ghost">
            <Link to={PAYMENT_ROUTES.order(order.id)}>返回订单</Link>
          </Button>
          {order.status === 'pending' ? (
            <Button asChild colorPalette="blue">
              <Link to={PAYMENT_ROUTES.callback(order.id)} data-testid="payment-done">
                我已完成支付
              </Link>
            </Button>
          ) : (
            <Button asChild colorPalette="blue">
              <Link to={PAYMENT_ROUTES.recharge}>重新下单</Link>
            </Button>
          )}
        </Flex>
      </Stack>
    </Page>
  );
}
