import { Box, Button, DataList, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '~/components/ui/app-dialog';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useRef, type ReactNode } from 'react';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { WechatQrCard } from '~/components/wechat-qr';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useScanStatus } from '~/hooks/use-scan-status';
import { accountAction, accountLoader } from '~/services/pages/account-pages.server';
import { ID_VERIFICATION_ROUTE, pageTitle } from '~/services/navigation';
import { useShellUser } from '~/hooks/use-app-data';
import { formatPoints, maskPhone, ROLE_LABELS } from '../../../contracts/constants';
import { MergeConfirmation } from '~/components/account-merge-confirmation';
import { PrivacySection } from './privacy-section';

const PAGE = '账户与安全';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => accountLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => accountAction(PAGE, args);

/** The WeChat row's and the deletion's answers carry their intent; the model choice's do not. */
function useAnswers() {
  const answer = useActionAnswer<typeof action>();
  const none = { wechat: null, model: null, deletion: null };
  if (!answer) return none;
  if (!('intent' in answer)) return { ...none, model: answer };
  if ('kind' in answer) return { ...none, deletion: answer };
  return { ...none, wechat: answer };
}

/**
 * The 微信 row (ADR 0038): the bound nickname and 解绑, or 绑定微信, which shows a bind QR code
 * (kept in the session, so it survives reloads and works without JavaScript through 我已扫码).
 * With JavaScript the socket's "scanned" binds by itself, and an expired code is replaced.
 */
function WechatBinding() {
  const user = useShellUser();
  const { wechatBind } = useLoaderData<typeof loader>();
  const { wechat: answer } = useAnswers();
  const navigation = useNavigation();
  const submit = useSubmit();
  const renewer = useFetcher();
  useScanStatus(wechatBind, {
    onScanned: () => wechatBind && submit({ intent: 'wechat-bind', sceneStr: wechatBind.sceneStr }, { method: 'post' }),
    onExpired: () => renewer.submit({ intent: 'wechat-bind-start' }, { method: 'post' }),
  });
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const bound = user.wechat_nickname !== null;
  return (
    <Stack gap="4" data-testid="account-wechat">
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel minW="28">微信</DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack gap="3" flexWrap="wrap">
              <Text data-testid="account-wechat-value">{bound ? user.wechat_nickname : '未绑定'}</Text>
              {!wechatBind && (
                <Form method="post">
                  {bound ? (
                    <Button
                      type="submit"
                      name="intent"
                      value="wechat-unbind"
                      size="xs"
                      variant="outline"
                      loading={busy === 'wechat-unbind'}
                      data-testid="wechat-unbind"
                    >
                      解绑
                    </Button>
                  ) : (
                    <Button
                      type="submit"
                      name="intent"
                      value="wechat-bind-start"
                      size="xs"
                      colorPalette="green"
                      loading={busy === 'wechat-bind-start'}
                      data-testid="wechat-bind"
                    >
                      绑定微信
                    </Button>
                  )}
                </Form>
              )}
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {answer?.merge && !wechatBind ? (
        <MergeConfirmation merge={answer.merge} cancelTo="/dash/account" />
      ) : (
        answer &&
        !wechatBind && (
          <FormAlert status={answer.ok ? 'success' : 'error'} testId="wechat-bind-answer">
            {answer.message}
          </FormAlert>
        )
      )}
      {wechatBind && (
        <Box borderWidth="1px" rounded="lg" p="4" bg="gray.50">
          <WechatQrCard
            qr={wechatBind}
            purpose="bind"
            secondary={{ intent: 'wechat-bind-cancel', label: '取消' }}
            message={answer && answer.intent === 'wechat-bind' ? { ok: answer.ok, text: answer.message } : null}
          />
        </Box>
      )}
    </Stack>
  );
}

/** The language model every AI operation runs on (spec §3 AI model state), chosen here and kept per user. */
function ModelChoice() {
  const { modelState } = useLoaderData<typeof loader>();
  const { model: answer } = useAnswers();
  const navigation = useNavigation();
  const saving =
    navigation.state === 'submitting' &&
    navigation.formMethod === 'POST' &&
    navigation.formAction !== '/logout' &&
    !navigation.formData?.get('intent');
  const state = answer?.ok ? answer.result : modelState;
  const offline = state.models.length === 1 && state.models[0]!.id === 'offline';
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }} id="ai-model" data-testid="ai-model">
      <Heading as="h2" size="md" mb="2">
        AI 模型
      </Heading>
      {offline ? (
        <Text color="gray.600" fontSize="sm" data-testid="ai-model-offline">
          本站未配置语言模型，AI 功能使用离线模式：根据学生档案和您填写的内容生成结构化草稿，并标注【离线模式】。
        </Text>
      ) : (
        <Form method="post" noValidate>
          <Stack gap="4">
            <Text color="gray.600" fontSize="sm">
              写作、修改润色、选区工具和降AI率都会使用这里选择的模型。
            </Text>
            <FormAlert status="success" testId="ai-model-saved">
              {answer?.ok ? `已切换为「${state.models.find((m) => m.id === state.selectedModelId)?.name ?? ''}」` : null}
            </FormAlert>
            <FormAlert>{answer && !answer.ok ? answer.errors.form : null}</FormAlert>
            <FormField label="使用的模型" error={answer && !answer.ok ? answer.errors.modelId : undefined}>
              <HStack gap="3" w="full" flexDirection={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
                <NativeSelect.Root maxW={{ sm: 'sm' }}>
                  <NativeSelect.Field
                    name="modelId"
                    defaultValue={state.selectedModelId ?? undefined}
                    key={state.selectedModelId}
                    data-testid="ai-model-select"
                  >
                    {state.models.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button type="submit" colorPalette="blue" loading={saving} data-testid="ai-model-save">
                  保存
                </Button>
              </HStack>
            </FormField>
          </Stack>
        </Form>
      )}
    </Box>
  );
}

export default function Account() {
  const user = useShellUser();
  const { deletion } = useLoaderData<typeof loader>();
  const { deletion: deletionAnswer } = useAnswers();
  const navigation = useNavigation();
  const allDevicesForm = useRef<HTMLFormElement>(null);
  const signingOut = navigation.state === 'submitting' && navigation.formAction === '/logout';
  const rows: Array<[string, ReactNode]> = [
    ['登录手机号', user.phone ? maskPhone(user.phone) : '未绑定'],
    [
      '实名认证',
      <HStack key="id" gap="3" flexWrap="wrap">
        <Text as="span">{user.idVerified ? `已认证（${user.idRealName}）` : '未认证'}</Text>
        <Link to={ID_VERIFICATION_ROUTE}>
          <Text as="span" color="blue.600" textDecoration="underline">
            {user.idVerified ? '查看' : '去认证'}
          </Text>
        </Link>
      </HStack>,
    ],
    ['账户角色', ROLE_LABELS[user.role]],
    ['积分余额', formatPoints(user.total_points)],
    ['我的邀请码', user.invite_code],
    ['注册时间', new Date(user.created_at).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })],
  ];
  return (
    <Page title={PAGE} description="您的登录账号信息、AI 模型、登录状态与个人信息。">
      <Stack gap="6" maxW="3xl">
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <DataList.Root orientation="horizontal" gap="4">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
                <DataList.ItemValue data-testid={`account-${label}`}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Box mt="4">
            <WechatBinding />
          </Box>
        </Box>
        <ModelChoice />
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
          <Heading as="h2" size="md" mb="2">
            登录状态
          </Heading>
          <Text color="gray.600" fontSize="sm" mb="4">
            退出后，本浏览器中保存的草稿会被清除。若怀疑账号在其他设备上被使用，可以退出所有设备，所有设备都需要重新登录。
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Form method="post" action="/logout">
              <Button type="submit" variant="outline" loading={signingOut} data-testid="account-logout">
                退出登录
              </Button>
            </Form>
            <Form method="post" action="/logout" ref={allDevicesForm}>
              <input type="hidden" name="allDevices" value="1" />
              <noscript>
                <Button type="submit" colorPalette="red">
                  确认退出所有设备
                </Button>
              </noscript>
              <AppDialog
                role="alertdialog"
                title="退出所有设备？"
                trigger={
                  <Button colorPalette="red" variant="subtle" data-testid="account-logout-all">
                    退出所有设备
                  </Button>
                }
                footer={
                  <Button colorPalette="red" onClick={() => allDevicesForm.current?.requestSubmit()} data-testid="confirm-logout-all">
                    确认退出
                  </Button>
                }
              >
                <Text>包括当前设备在内，所有已登录的设备都会退出，需要重新登录。</Text>
              </AppDialog>
            </Form>
          </HStack>
        </Box>
        <PrivacySection state={deletion} points={user.total_points} answer={deletionAnswer} />
      </Stack>
    </Page>
  );
}
