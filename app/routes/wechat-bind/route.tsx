import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { maskPhone } from '../../../contracts/constants';
import { MergeConfirmation } from '~/components/account-merge-confirmation';
import { Logo } from '~/components/logo';
import { SmsCodeFields } from '~/components/sms-code-fields';
import { FormAlert } from '~/components/ui/form-alert';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { pageTitle } from '~/services/navigation';
import { wechatBindAction, wechatBindLoader } from './wechat-bind.server';

const PAGE = '账号绑定';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = (args: LoaderFunctionArgs) => wechatBindLoader(args);
export const action = (args: ActionFunctionArgs) => wechatBindAction(args);

export default function WechatBind() {
  const { user, devSms, bound, redirectTo } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const merge = answer && answer.intent === 'bind-phone' && 'merge' in answer ? answer.merge : null;
  const sent = answer && answer.intent === 'send-code' && answer.ok ? answer : null;
  const failed = answer && !answer.ok && !merge ? answer : null;
  const errors: Record<string, string | undefined> = failed ? failed.errors : {};
  const values: Record<string, string> = failed && 'values' in failed ? failed.values : {};
  const captcha = failed && 'captcha' in failed ? failed.captcha : null;

  return (
    <Flex minH="100vh" align="center" justify="center" bg="gray.50" px="4" py="10">
      <Box w="full" maxW="lg" bg="white" rounded="2xl" borderWidth="1px" shadow="sm" p={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Stack gap="1" align="center" textAlign="center">
            <Link to="/dash/overview">
              <Logo size={9} />
            </Link>
            <Heading as="h1" size="xl" mt="3">
              {PAGE}
            </Heading>
            <Text color="gray.500" fontSize="sm">
              绑定手机号和微信后，两种方式都能登录同一个账号
            </Text>
          </Stack>

          <FormAlert status="success" testId="bind-success">
            {bound === 'phone' ? '手机号绑定成功' : bound === 'merged' ? '账号已合并，积分、学生档案和作品都已转入' : null}
          </FormAlert>

          <Stack as="dl" gap="2" fontSize="sm" borderWidth="1px" rounded="lg" p="4" data-testid="bind-status">
            <HStack justify="space-between">
              <Text as="dt" color="gray.500">
                手机号
              </Text>
              <Text as="dd">{user.phone ? maskPhone(user.phone) : '未绑定'}</Text>
            </HStack>
            <HStack justify="space-between">
              <Text as="dt" color="gray.500">
                微信
              </Text>
              <Text as="dd">{user.wechat_nickname ?? '未绑定'}</Text>
            </HStack>
          </Stack>

          {!user.phone &&
            (merge ? (
              <MergeConfirmation merge={merge} cancelTo="/wechat-bind" />
            ) : (
              <Form method="post" replace noValidate>
                <Stack gap="4">
                  <Text fontWeight="semibold">绑定手机号</Text>
                  <FormAlert>{errors.form}</FormAlert>
                  <SmsCodeFields
                    errors={errors}
                    phone={sent?.phone ?? values.phone ?? ''}
                    sent={sent}
                    captcha={captcha}
                    devSms={devSms}
                    submittingIntent={submittingIntent}
                    failure={failed}
                  />
                  <Button
                    type="submit"
                    name="intent"
                    value="bind-phone"
                    colorPalette="blue"
                    size="lg"
                    loading={submittingIntent === 'bind-phone'}
                    loadingText="绑定中…"
                    data-testid="bind-phone"
                  >
                    绑定手机号
                  </Button>
                </Stack>
              </Form>
            ))}

          {user.phone && !user.wechat_nickname && (
            <Text fontSize="sm" color="gray.600">
              还没有绑定微信：在
              <Link to="/dash/account">
                <Text as="span" color="blue.600" textDecoration="underline">
                  账号管理
                </Text>
              </Link>
              中扫码绑定。
            </Text>
          )}

          <Button asChild variant={user.phone ? 'solid' : 'ghost'} colorPalette={user.phone ? 'blue' : 'gray'}>
            <Link to={redirectTo} data-testid="bind-continue">
              {user.phone ? '进入工作台' : '稍后绑定，先进入工作台'}
            </Link>
          </Button>
        </Stack>
      </Box>
    </Flex>
  );
}
