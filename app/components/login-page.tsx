import { Alert, Box, Button, chakra, Flex, Heading, HStack, Input, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { LegalDocumentView } from '~/components/legal-document';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { Logo } from '~/components/logo';
import { privacyPolicy } from '~/content/privacy-policy';
import { serviceAgreement } from '~/content/service-agreement';
import type { LegalDocument } from '~/content/types';
import { WechatQrCard } from '~/components/wechat-qr';
import { usePublicConfig } from '~/hooks/use-app-data';
import { useHydrated } from '~/hooks/use-hydrated';
import { useRealtimeConnection } from '~/hooks/use-realtime';
import { useScanStatus } from '~/hooks/use-scan-status';
import { getItem, LAST_LOGIN_PHONE_KEY, setItem, wipeOnLogout } from '~/services/local-storage.client';
import type { FieldErrors } from '~/services/forms';
import type { loginAction, loginLoader, LoginTab, SendCodeField } from '~/services/login.server';

const LAST_PHONE_TTL_MS = 365 * 24 * 3600_000;

function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

function DocumentDialog({ doc, label }: { doc: LegalDocument; label: string }) {
  const env = usePublicConfig();
  return (
    <AppDialog
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      title={doc.title}
      trigger={
        <ChakraLink as="button" color="blue.600" fontSize="xs">
          《{label}》
        </ChakraLink>
      }
    >
      <LegalDocumentView doc={doc} values={env} />
    </AppDialog>
  );
}

/** Narrow screens show one half at a time; the tabs are links, so they work without JavaScript. */
function LoginTabs({ tab, redirectTo, invite }: { tab: LoginTab; redirectTo: string; invite: string }) {
  const href = (to: LoginTab) => `?${new URLSearchParams({ tab: to, redirectTo, ...(invite ? { invite } : {}) })}`;
  const item = (to: LoginTab, label: string) => (
    <ChakraLink
      asChild
      flex="1"
      justifyContent="center"
      py="2"
      fontWeight="medium"
      borderBottomWidth="2px"
      borderColor={tab === to ? 'blue.600' : 'transparent'}
      color={tab === to ? 'blue.700' : 'gray.600'}
      _hover={{ textDecoration: 'none', color: 'blue.700' }}
      aria-current={tab === to ? 'page' : undefined}
    >
      <Link to={href(to)} replace preventScrollReset data-testid={`login-tab-${to}`}>
        {label}
      </Link>
    </ChakraLink>
  );
  return (
    <HStack as="nav" aria-label="登录方式" gap="0" borderBottomWidth="1px" hideFrom="lg">
      {item('wechat', '微信登录')}
      {item('phone', '手机号登录')}
    </HStack>
  );
}

/**
 * The WeChat half (ADR 0038): the QR code, refreshed when it expires; the socket's "scanned"
 * posts 我已扫码 by itself, and the action logs in with the code's secret from the session.
 */
function WechatLogin() {
  const { redirectTo, wechat, tab, invite } = useLoaderData<typeof loginLoader>();
  const actionData = useActionData<typeof loginAction>();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const refresher = useFetcher();
  const [scanned, setScanned] = useState<string | null>(null);
  const action = `?${new URLSearchParams({ tab: 'wechat', redirectTo, ...(invite ? { invite } : {}) })}`;
  const qr = wechat.qr;
  useScanStatus(qr, {
    onScanned: () => {
      if (!qr) return;
      setScanned(qr.sceneStr);
      submit({ intent: 'wechat-login', sceneStr: qr.sceneStr, redirectTo }, { method: 'post', action, replace: true });
    },
    onExpired: () => refresher.submit({ intent: 'wechat-refresh' }, { method: 'post', action }),
  });
  const answer = actionData?.intent === 'wechat-login' ? actionData.error : null;
  return (
    <Stack gap="4" flex="1" minW="0" display={{ base: tab === 'wechat' ? 'flex' : 'none', lg: 'flex' }} data-testid="wechat-login">
      <Heading as="h2" size="md" textAlign="center" hideBelow="lg">
        微信登录
      </Heading>
      {qr ? (
        <WechatQrCard
          qr={qr}
          purpose="login"
          action={action}
          fields={{ redirectTo }}
          secondary={{ intent: 'wechat-refresh', label: '刷新二维码' }}
          message={answer ? { ok: false, text: answer } : null}
          waiting={
            hydrated && (
              <Text fontSize="sm" color={scanned === qr.sceneStr ? 'green.600' : 'gray.500'} aria-live="polite" data-testid="wechat-status">
                {scanned === qr.sceneStr ? '已扫码，正在登录…' : '等待扫码…'}
              </Text>
            )
          }
        />
      ) : (
        <FormAlert status="warning" testId="wechat-unavailable">
          {`${wechat.error ?? '微信登录暂时不可用'}，请使用手机号登录`}
        </FormAlert>
      )}
    </Stack>
  );
}

/**
 * The login screen of /dash/login and /login: WeChat's QR code beside the phone form (one of them
 * at a time on narrow screens). Plain POST forms: everything works with JavaScript off.
 */
export function LoginPage() {
  const { redirectTo, devSms, notice, wipeLocalData, invite, tab } = useLoaderData<typeof loginLoader>();
  const actionData = useActionData<typeof loginAction>();
  // Signed out, the socket carries only the QR code's state (and public notices).
  useRealtimeConnection({ signedIn: false, onNotice: () => {} });
  const navigation = useNavigation();
  const [countdown, setCountdown] = useCountdown();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const phoneAnswer = actionData && actionData.intent !== 'wechat-login' ? actionData : null;
  const errors: FieldErrors<SendCodeField> = phoneAnswer && !phoneAnswer.ok ? phoneAnswer.errors : {};
  const values = phoneAnswer && !phoneAnswer.ok ? phoneAnswer.values : null;
  const sent = phoneAnswer && phoneAnswer.ok ? phoneAnswer : null;
  const captcha = phoneAnswer && !phoneAnswer.ok ? phoneAnswer.captcha : null;

  useEffect(() => {
    if (wipeLocalData) wipeOnLogout();
  }, [wipeLocalData]);
  useEffect(() => {
    const last = getItem<string>(LAST_LOGIN_PHONE_KEY);
    if (last && phoneRef.current && !phoneRef.current.value) phoneRef.current.value = last;
  }, []);
  useEffect(() => {
    // A refused code is cleared so the next attempt starts from an empty field.
    if (phoneAnswer && !phoneAnswer.ok && codeRef.current) {
      codeRef.current.value = '';
      if (phoneAnswer.errors.code) codeRef.current.focus();
    }
  }, [phoneAnswer]);
  useEffect(() => {
    // A new challenge (asked for, refreshed, or after a wrong answer): its answer is typed next.
    if (captcha) captchaRef.current?.focus();
  }, [captcha]);
  useEffect(() => {
    if (sent) {
      setCountdown(sent.resendAfterSeconds);
      codeRef.current?.focus();
    }
  }, [sent, setCountdown]);

  return (
    <Flex minH="100vh" align="center" justify="center" bg="gray.50" px="4" py="10">
      <Box w="full" maxW={{ base: 'md', lg: '4xl' }} bg="white" rounded="2xl" borderWidth="1px" shadow="sm" p={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Stack gap="1" align="center" textAlign="center">
            <Link to="/">
              <Logo size={9} />
            </Link>
            <Heading as="h1" size="xl" mt="3">
              登录
            </Heading>
            <Text color="gray.500" fontSize="sm">
              未注册的手机号或微信将自动创建账号
            </Text>
          </Stack>

          <FormAlert status="warning" testId="login-notice">
            {notice}
          </FormAlert>
          <LoginTabs tab={tab} redirectTo={redirectTo} invite={invite} />

          <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '6', lg: '10' }} align="stretch">
            <WechatLogin />
            <Separator orientation="vertical" hideBelow="lg" />
            <Stack gap="4" flex="1" minW="0" display={{ base: tab === 'phone' ? 'flex' : 'none', lg: 'flex' }} data-testid="phone-login">
              <Heading as="h2" size="md" textAlign="center" hideBelow="lg">
                手机号登录
              </Heading>
              <FormAlert>{errors.form}</FormAlert>

              <Form
                method="post"
                replace
                noValidate
                onSubmit={(e) => {
                  const phone = new FormData(e.currentTarget).get('phone');
                  if (typeof phone === 'string' && phone.trim()) setItem(LAST_LOGIN_PHONE_KEY, phone.trim(), LAST_PHONE_TTL_MS);
                }}
              >
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <Stack gap="4">
                  <FormField label="手机号" error={errors.phone} required>
                    <Input
                      ref={phoneRef}
                      name="phone"
                      type="tel"
                      inputMode="numeric"
                      autoComplete="tel"
                      placeholder="请输入11位手机号"
                      defaultValue={sent?.phone ?? values?.phone ?? ''}
                      maxLength={20}
                    />
                  </FormField>
                  <FormField label="验证码" error={errors.code} helper={sent && !devSms ? '验证码已发送，5分钟内有效' : undefined}>
                    <HStack w="full" align="flex-start">
                      <Input
                        ref={codeRef}
                        name="code"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        placeholder="6位验证码"
                        maxLength={6}
                        flex="1"
                      />
                      <Button
                        type="submit"
                        name="intent"
                        value="send-code"
                        formNoValidate
                        variant="outline"
                        minW="28"
                        disabled={countdown > 0}
                        loading={submittingIntent === 'send-code'}
                        data-testid="send-code"
                      >
                        {countdown > 0 ? `${countdown}秒后重发` : sent ? '重新获取' : '获取验证码'}
                      </Button>
                    </HStack>
                  </FormField>
                  {captcha && (
                    <>
                      <input type="hidden" name="captchaId" value={captcha.captchaId} />
                      <FormField
                        label="图形验证码"
                        error={errors.captchaAnswer ?? errors.captchaId}
                        helper="输入图中字符后，点击「获取验证码」"
                      >
                        <HStack w="full" align="center" data-testid="captcha">
                          <Input
                            key={captcha.captchaId}
                            ref={captchaRef}
                            name="captchaAnswer"
                            autoComplete="off"
                            autoCapitalize="off"
                            spellCheck={false}
                            placeholder="图中字符"
                            maxLength={8}
                            flex="1"
                            minW="0"
                          />
                          <chakra.img
                            src={captcha.image}
                            alt="图形验证码图片"
                            w="120px"
                            h="40px"
                            flexShrink={0}
                            bg="white"
                            rounded="md"
                            borderWidth="1px"
                            borderColor="gray.200"
                            data-testid="captcha-image"
                          />
                          <Button
                            type="submit"
                            name="intent"
                            value="captcha-refresh"
                            formNoValidate
                            variant="ghost"
                            size="sm"
                            px="2"
                            flexShrink={0}
                            loading={submittingIntent === 'captcha-refresh'}
                            data-testid="captcha-refresh"
                          >
                            换一张
                          </Button>
                        </HStack>
                      </FormField>
                    </>
                  )}
                  {devSms && (
                    <Alert.Root status="info" variant="subtle" data-testid="dev-mode-notice">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>开发模式</Alert.Title>
                        <Alert.Description>
                          未配置短信服务，验证码不会真正发送，而是显示在这里。
                          {sent?.devCode && (
                            <Text as="span" display="block" mt="1">
                              本次验证码：<b data-testid="dev-code">{sent.devCode}</b>（5分钟内有效）
                            </Text>
                          )}
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  <FormField
                    error={errors.inviteCode}
                    label={
                      <>
                        邀请码{' '}
                        <Text as="span" color="gray.400" fontWeight="normal">
                          （选填）
                        </Text>
                      </>
                    }
                  >
                    <Input name="inviteCode" defaultValue={values?.inviteCode ?? invite} maxLength={32} autoComplete="off" />
                  </FormField>
                  <Button
                    type="submit"
                    name="intent"
                    value="login"
                    colorPalette="blue"
                    size="lg"
                    loading={submittingIntent === 'login'}
                    loadingText="登录中…"
                    data-testid="login-submit"
                  >
                    登录
                  </Button>
                  <Text fontSize="xs" color="gray.500" textAlign="center">
                    登录即表示您已阅读并同意
                    <DocumentDialog doc={serviceAgreement} label="用户服务协议" />和
                    <DocumentDialog doc={privacyPolicy} label="隐私政策" />
                  </Text>
                </Stack>
              </Form>
            </Stack>
          </Flex>
        </Stack>
      </Box>
    </Flex>
  );
}
