import { Alert, Box, Button, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useEffect, useRef } from 'react';
import { formatPoints } from '../../../contracts/constants';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { ACCOUNT_ROUTES, pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';
import { redeemAction } from '~/services/pages/points-pages.server';

const PAGE = '使用兑换码';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = sessionOnlyLoader;
// Arrow wrapper: a module-level call into a .server module would run (and fail) in the browser bundle.
export const action = (args: ActionFunctionArgs) => redeemAction(PAGE, args);

export default function RedemptionCode() {
  const data = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const errors = data && !data.ok ? data.errors : {};
  const redeemed = data?.ok ? data.result : null;
  useEffect(() => {
    if (!data) return;
    if (data.ok && input.current) input.current.value = '';
    else input.current?.focus();
  }, [data]);

  return (
    <Page title={PAGE} description="输入兑换码，积分立即到账。" maxW="3xl">
      <Stack gap="6">
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <Form method="post" noValidate>
            <Stack gap="5">
              {redeemed && (
                <Alert.Root status="success" data-testid="redeem-success">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>兑换成功，获得{formatPoints(redeemed.points)}积分</Alert.Title>
                    <Alert.Description>
                      当前余额：
                      <Text as="b" fontVariantNumeric="tabular-nums" data-testid="redeem-balance">
                        {formatPoints(redeemed.balance)}
                      </Text>{' '}
                      积分。
                      <Link to={ACCOUNT_ROUTES.pointsHistory}>
                        <Text as="span" color="blue.600" textDecoration="underline">
                          查看积分明细
                        </Text>
                      </Link>
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              <FormAlert testId="redeem-error">{errors.form}</FormAlert>
              <FormField label="兑换码" error={errors.code} required>
                <HStack gap="3" align="flex-start" w="full" flexDirection={{ base: 'column', sm: 'row' }}>
                  <Input
                    ref={input}
                    name="code"
                    defaultValue={data && !data.ok ? data.values.code : ''}
                    placeholder="请输入兑换码"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={64}
                    fontFamily="mono"
                    letterSpacing="wider"
                    data-testid="redeem-code"
                  />
                  <Button
                    type="submit"
                    colorPalette="blue"
                    flexShrink={0}
                    w={{ base: 'full', sm: 'auto' }}
                    loading={navigation.state === 'submitting'}
                    loadingText="兑换中…"
                    data-testid="redeem-submit"
                  >
                    兑换
                  </Button>
                </HStack>
              </FormField>
            </Stack>
          </Form>
        </Box>
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <Text fontWeight="semibold" mb="2">
            兑换说明
          </Text>
          <List.Root gap="1.5" fontSize="sm" color="gray.600" ps="5">
            <List.Item>兑换码不区分大小写，空格和短横线可以省略。</List.Item>
            <List.Item>同一个兑换码，每个账号只能使用一次。</List.Item>
            <List.Item>兑换的积分立即到账，可在积分明细中查看记录。</List.Item>
            <List.Item>连续输错次数过多时需等待一小时后再试。</List.Item>
          </List.Root>
        </Box>
      </Stack>
    </Page>
  );
}
