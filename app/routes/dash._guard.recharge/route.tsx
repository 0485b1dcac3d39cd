import { Box, Button, Field, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { useRef, useState, type ReactNode, type Ref } from 'react';
import { formatPoints } from '../../../contracts/constants';
import { formatYuan, PAYMENT_CHANNEL_LABELS } from '../../../contracts/payment-constants';
import { SandboxBadge } from '~/components/payments/order-parts';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { pageTitle } from '~/services/navigation';
import { CUSTOM_CHOICE, customAmountProblem, customRechargePoints, PAYMENT_ROUTES, type CustomRechargeTerms } from '~/services/payments';
import { rechargeAction, rechargeLoader } from '~/services/pages/payments-pages.server';

const PAGE = '充值积分';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrappers: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => rechargeLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => rechargeAction(PAGE, args);

/** A radio button drawn as a card; the ring follows the checked input through CSS, so it works without JavaScript. */
function Choice({
  name,
  value,
  checked,
  children,
  testId,
  inputRef,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Box
      as="label"
      display="flex"
      gap="3"
      alignItems="flex-start"
      bg="white"
      rounded="xl"
      borderWidth="2px"
      borderColor="gray.200"
      p="4"
      cursor="pointer"
      css={{ '&:has(input:checked)': { borderColor: 'var(--chakra-colors-blue-500)', background: 'var(--chakra-colors-blue-50)' } }}
      data-testid={testId}
    >
      <input
        ref={inputRef}
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        required
        style={{ marginTop: '0.3rem', accentColor: '#3182ce' }}
      />
      <Box flex="1" minW="0">
        {children}
      </Box>
    </Box>
  );
}

/**
 * 自定义金额 (issue 28): an amount between the price table's smallest and largest, the points it gives
 * at the table's rate shown as it is typed. Typing in the field picks this choice; the API prices the
 * order itself, so this figure is only what the user is told.
 */
function CustomAmount({ terms, checked, initial }: { terms: CustomRechargeTerms; checked: boolean; initial: string }) {
  const [amount, setAmount] = useState(initial);
  const radio = useRef<HTMLInputElement>(null);
  const problem = amount ? customAmountProblem(amount, terms) : null;
  const points = customRechargePoints(amount, terms);
  return (
    <Choice name="packageId" value={CUSTOM_CHOICE} checked={checked} testId="recharge-custom" inputRef={radio}>
      <Flex justify="space-between" gap="3" align="baseline" wrap="wrap">
        <Text fontWeight="semibold">自定义金额</Text>
        <Text fontSize="xs" color="gray.500">
          1元 = {formatPoints(terms.pointsPerYuan)} 积分
        </Text>
      </Flex>
      <Field.Root invalid={!!problem} mt="2">
        <Flex align="center" gap="2">
          <Text as="span" fontWeight="semibold" aria-hidden>
            ¥
          </Text>
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            size="sm"
            bg="white"
            maxW="40"
            placeholder={`${terms.minAmount}–${terms.maxAmount}`}
            aria-label="充值金额（元）"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            onFocus={() => {
              if (radio.current) radio.current.checked = true;
            }}
            data-testid="recharge-amount"
          />
        </Flex>
        {problem ? (
          <Field.ErrorText data-testid="recharge-amount-error">{problem}</Field.ErrorText>
        ) : (
          <Text fontSize="sm" color="orange.700" data-testid="recharge-custom-points">
            {points !== null
              ? `可得 ${formatPoints(points)} 积分`
              : `可充值 ${formatYuan(terms.minAmount)} – ${formatYuan(terms.maxAmount)}`}
          </Text>
        )}
      </Field.Root>
    </Choice>
  );
}

/** Spec §2 recharge: pick a package (or an amount) and a method; 立即支付 makes the order (a plain form post). */
export default function Recharge() {
  const { packages, custom, methods, selected, error } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const chosenPackage = answer && !answer.ok ? answer.packageId : selected;
  const chosenMethod = answer && !answer.ok ? answer.type : methods[0]?.channel;

  return (
    <Page title={PAGE} description="选择套餐或输入金额，选择支付方式，扫码付款后积分立即到账。" maxW="4xl">
      <Form method="post" noValidate>
        <Stack gap="6">
          <FormAlert testId="recharge-error">{(answer && !answer.ok ? answer.error : null) ?? error}</FormAlert>
          <Box as="section">
            <Heading as="h2" size="md" color="gray.700" mb="3">
              选择套餐
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {packages?.map((pkg) => (
                <Choice key={pkg.id} name="packageId" value={pkg.id} checked={pkg.id === chosenPackage} testId="recharge-package">
                  <Flex justify="space-between" gap="3" align="baseline">
                    <Text fontWeight="semibold">{pkg.name}</Text>
                    <Text fontWeight="semibold" fontSize="lg">
                      {formatYuan(pkg.price)}
                    </Text>
                  </Flex>
                  <Text fontSize="sm" color="orange.700" mt="1">
                    {formatPoints(pkg.totalPoints)} 积分
                    {pkg.bonusPoints > 0 ? `（含赠送 ${formatPoints(pkg.bonusPoints)}）` : ''}
                  </Text>
                  {pkg.description && (
                    <Text fontSize="xs" color="gray.500" mt="1">
                      {pkg.description}
                    </Text>
                  )}
                </Choice>
              ))}
              {custom && (
                <CustomAmount
                  terms={custom}
                  checked={chosenPackage === CUSTOM_CHOICE}
                  initial={answer && !answer.ok ? answer.amount : ''}
                />
              )}
            </SimpleGrid>
          </Box>
          <Box as="section">
            <Heading as="h2" size="md" color="gray.700" mb="3">
              支付方式
            </Heading>
            {methods.length === 0 ? (
              <FormAlert status="warning">暂无可用的支付方式，请联系客服</FormAlert>
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {methods.map((m) => (
                  <Choice
                    key={m.channel}
                    name="type"
                    value={m.channel}
                    checked={m.channel === chosenMethod}
                    testId={`recharge-method-${m.channel}`}
                  >
                    <Flex align="center" gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{PAYMENT_CHANNEL_LABELS[m.channel]}</Text>
                      {m.provider === 'sandbox' && <SandboxBadge />}
                    </Flex>
                    <Text fontSize="xs" color="gray.500" mt="1">
                      {m.provider === 'sandbox' ? '测试环境：扫码后在沙箱页面模拟付款，不会产生真实扣款' : '使用手机扫码付款'}
                    </Text>
                  </Choice>
                ))}
              </SimpleGrid>
            )}
          </Box>
          <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button asChild variant="ghost">
              <Link to={PAYMENT_ROUTES.pricing}>查看价格说明</Link>
            </Button>
            <Button
              type="submit"
              colorPalette="blue"
              disabled={(!packages?.length && !custom) || methods.length === 0}
              loading={navigation.state === 'submitting'}
              loadingText="正在创建订单…"
              data-testid="recharge-submit"
            >
              立即支付
            </Button>
          </Flex>
        </Stack>
      </Form>
    </Page>
  );
}
