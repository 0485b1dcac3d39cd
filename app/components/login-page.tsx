import { Alert, Box, Button, chakra, Flex, Heading, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { LegalDocumentView } from '~/components/legal-document';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { Logo } from '~/components/logo';
import { privacyPolicy } from '~/content/privacy-policy';
import { serviceAgreement } from '~/content/service-agreement';
import type { LegalDocument } from '~/content/types';
import { usePublicConfig } from '~/hooks/use-app-data';
import { getItem, LAST_LOGIN_PHONE_KEY, setItem, wipeOnLogout } from '~/services/local-storage.client';
import type { FieldErrors } from '~/services/forms';
import type { loginAction, loginLoader, SendCodeField } from '~/services/login.server';

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

/** The login screen of /dash/login and /login. A plain POST form: it works with JavaScript off. */
export function LoginPage() {
  const { redirectTo, devSms, notice, wipeLocalData, invite } = useLoaderData<typeof loginLoader>();
  const actionData = useActionData<typeof loginAction>();
  const navigation = useNavigation();
  const [countdown, setCountdown] = useCountdown();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const errors: FieldErrors<SendCodeField> = actionData && !actionData.ok ? actionData.errors : {};
  const values = actionData && !actionData.ok ? actionData.values : null;
  const sent = actionData && actionData.ok ? actionData : null;
  const captcha = actionData && !actionData.ok ? actionData.captcha : null;

  useEffect(() => {
    if (wipeLocalData) wipeOnLogout();
  }, [wipeLocalData]);
  useEffect(() => {
    const last = getItem<string>(LAST_LOGIN_PHONE_KEY);
    if (last && phoneRef.current && !phoneRef.current.value) phoneRef.current.value = last;
  }, []);
  useEffect(() => {
    // A refused code is cleared so the next attempt starts from an empty field.
    if (actionData && !actionData.ok && codeRef.current) {
      codeRef.current.value = '';
      if (actionData.errors.code) codeRef.current.focus();
    }
  }, [actionData]);
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
      <Box w="full" maxW="md" bg="white" rounded="2xl" borderWidth="1px" shadow="sm" p={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Stack gap="1" align="center" textAlign="center">
            <Link to="/">
              <Logo size={9} />
            </Link>
            <Heading as="h1" size="xl" mt="3">
              手机号登录
            </Heading>
            <Text color="gray.500" fontSize="sm">
              未注册的手机号验证后将自动创建账号
            </Text>
          </Stack>

          <FormAlert status="warning" testId="login-notice">
            {notice}
          </FormAlert>
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
      </Box>
    </Flex>
  );
}
