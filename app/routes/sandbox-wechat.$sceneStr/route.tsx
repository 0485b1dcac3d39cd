import { Badge, Box, Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { pageTitle } from '~/services/navigation';
import { sandboxPhoneAction, sandboxPhoneLoader } from '~/services/pages/wechat-login.server';

const PAGE = '沙箱微信';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  sandboxPhoneLoader(request, context, PAGE, params.sceneStr ?? '');
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  sandboxPhoneAction(request, context, PAGE, params.sceneStr ?? '');

const STATUS_TEXT = { scanned: '二维码已被扫描', used: '二维码已使用', expired: '二维码已过期，请在电脑上刷新二维码' } as const;

function Step({ n, label, active }: { n: number; label: string; active: boolean }) {
  return (
    <HStack gap="1.5" color={active ? 'green.700' : 'gray.500'} fontWeight={active ? 'semibold' : 'normal'} fontSize="sm">
      <Flex
        boxSize="5"
        rounded="full"
        align="center"
        justify="center"
        fontSize="xs"
        bg={active ? 'green.600' : 'gray.200'}
        color={active ? 'white' : 'gray.600'}
      >
        {n}
      </Flex>
      <Text>{label}</Text>
    </HStack>
  );
}

/**
 * What the WeChat sandbox's QR code opens (ADR 0038): a page playing the phone. 扫码 has happened
 * by opening it; 确认登录 (or 确认绑定) scans as the named test WeChat user, whose openid follows
 * from the nickname, so the same name always means the same account. Outside the dashboard and
 * without a session, like a phone.
 */
export default function SandboxWechat() {
  const { scene, t, defaultNickname, error } = useLoaderData<typeof loader>();
  // The phone page is outside the shell: nothing revalidates it behind the answer (ADR 0023).
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const verb = scene?.purpose === 'bind' ? '绑定' : '登录';
  const open = scene?.status === 'pending' && answer?.outcome !== 'scanned' && answer?.outcome !== 'cancelled';
  return (
    <Flex minH="100dvh" bg="gray.100" align="center" justify="center" p="4">
      <Box bg="white" rounded="2xl" shadow="md" w="full" maxW="sm" p="6" data-testid="sandbox-wechat-page">
        <Stack gap="5" align="center" textAlign="center">
          <Badge colorPalette="purple" variant="solid">
            沙箱微信
          </Badge>
          <Text fontSize="sm" color="gray.600">
            模拟手机微信扫码，不需要真实的微信账号
          </Text>
          {!scene ? (
            <FormAlert>{error}</FormAlert>
          ) : (
            <>
              <HStack gap="4" justify="center">
                <Step n={1} label="扫码" active />
                <Text color="gray.300">→</Text>
                <Step n={2} label={`确认${verb}`} active={answer?.outcome === 'scanned'} />
              </HStack>
              <Text fontSize="lg" fontWeight="semibold">
                {verb === '登录' ? '登录留学文书 AI' : '绑定微信到留学文书 AI 账号'}
              </Text>
              {answer && (
                <FormAlert
                  status={answer.outcome === 'scanned' ? 'success' : answer.outcome === 'cancelled' ? 'warning' : 'error'}
                  testId="sandbox-wechat-answer"
                >
                  {answer.message}
                </FormAlert>
              )}
              {open ? (
                <Form method="post" style={{ width: '100%' }}>
                  <input type="hidden" name="t" value={t} />
                  <Stack gap="4" textAlign="left">
                    <FormField label="微信昵称" helper="测试用户：同一个昵称每次都是同一个微信账号">
                      <Input name="nickname" defaultValue={answer?.nickname || defaultNickname} maxLength={32} autoComplete="off" />
                    </FormField>
                    <Button
                      type="submit"
                      name="intent"
                      value="scan"
                      colorPalette="green"
                      size="lg"
                      loading={navigation.state === 'submitting'}
                      data-testid="sandbox-wechat-confirm"
                    >
                      确认{verb}
                    </Button>
                    <Button type="submit" name="intent" value="cancel" variant="outline">
                      取消
                    </Button>
                  </Stack>
                </Form>
              ) : (
                !answer && <FormAlert status="warning">{scene.status === 'pending' ? null : STATUS_TEXT[scene.status]}</FormAlert>
              )}
            </>
          )}
        </Stack>
      </Box>
    </Flex>
  );
}
