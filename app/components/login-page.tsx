import { Box, Button, chakra, Flex, Heading, HStack, Input, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { LegalDocumentView } from '~/components/legal-document';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { SmsCodeFields } from '~/components/sms-code-fields';
import { Logo } from '~/components/logo';
import { privacyPolicy } from '~/content/privacy-policy';
import { serviceAgreement } from '~/content/service-agreement';
import type { LegalDocument } from '~/content/types';
import { WechatQrCard } from '~/components/wechat-qr';
import { usePublicConfig } from '~/hooks/use-app-data';
import { useHydrated } from '~/hooks/use-hydrated';
import { useRealtimeConnection } from '~/hooks/use-realtime';
import { useScanStatus } from '~/hooks/use-scan-status';
import { getItem, LAST_LOGIN_PHONE_KEY, setItem, wipeOnLogout } from '~/services/browser/local-storage.client';
import type { FieldErrors } from '~/services/forms';
import { CONSENT_FIELD, CONSENT_MESSAGE } from '~/services/login-consent';
import type { loginAction, loginLoader, LoginTab, SendCodeField } from '~/services/pages/login.server';

const LAST_PHONE_TTL_MS = 365 * 24 * 3600_000;

function DocumentDialog({ doc, label }: { doc: LegalDocument; label: string }) {
  const env = usePublicConfig();
  const hydrated = useHydrated();
  // Without JavaScript the dialog cannot open: the public page instead.
  if (!hydrated) {
    return (
      <ChakraLink href={doc === privacyPolicy ? '/privacy-policy' : '/service-agreement'} target="_blank" color="blue.600" fontSize="xs">
        《{label}》
      </ChakraLink>
    );
  }
  return (
    <AppDialog
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      title={doc.title}
      trigger={
        <ChakraLink as="button" type="button" color="blue.600" fontSize="xs">
          《{label}》
        </ChakraLink>
      }
    >
      <LegalDocumentView doc={doc} values={env} />
    </AppDialog>
  );
}

/**
 * 我已阅读并同意《服务协议》《隐私政策》: unticked until the user ticks it, and the login requires it
 * (issue 28). Each half of the page has one inside its form (so it is posted with or without
 * JavaScript); with JavaScript the two move together.
 */
function ConsentBox({
  agreed,
  onChange,
  error,
  testId,
}: {
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  error?: string | null;
  testId: string;
}) {
  return (
    <Stack gap="1" align="center">
      <HStack gap="0.5" fontSize="xs" color="gray.600" flexWrap="wrap" justify="center">
        <chakra.label display="inline-flex" alignItems="center" gap="1.5" cursor="pointer">
          <chakra.input
            type="checkbox"
            name={CONSENT_FIELD}
            checked={agreed}
            onChange={(e) => onChange(e.currentTarget.checked)}
            aria-invalid={error ? true : undefined}
            accentColor="blue.600"
            boxSize="3.5"
            data-testid={testId}
          />
          我已阅读并同意
        </chakra.label>
        <DocumentDialog doc={serviceAgreement} label="服务协议" />
        <DocumentDialog doc={privacyPolicy} label="隐私政策" />
      </HStack>
      {error && (
        <Text fontSize="xs" color="red.600" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Text>
      )}
    </Stack>
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
function WechatLogin({ agreed, onAgree }: { agreed: boolean; onAgree: (agreed: boolean) => void }) {
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
      // Unticked, the answer asks for consent; the scan stays held for 我已扫码.
      const consent: Record<string, string> = agreed ? { [CONSENT_FIELD]: 'on' } : {};
      submit({ intent: 'wechat-login', sceneStr: qr.sceneStr, redirectTo, ...consent }, { method: 'post', action, replace: true });
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
          consent={<ConsentBox agreed={agreed} onChange={onAgree} testId="wechat-agree" />}
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
  const phoneRef = useRef<HTMLInputElement>(null);
  const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const phoneAnswer = actionData && actionData.intent !== 'wechat-login' ? actionData : null;
  const errors: FieldErrors<SendCodeField | 'agree'> = phoneAnswer && !phoneAnswer.ok ? phoneAnswer.errors : {};
  const values = phoneAnswer && !phoneAnswer.ok ? phoneAnswer.values : null;
  const sent = phoneAnswer && phoneAnswer.ok ? phoneAnswer : null;
  const captcha = phoneAnswer && !phoneAnswer.ok ? phoneAnswer.captcha : null;
  const [agreed, setAgreed] = useState(Boolean(actionData?.agreed));
  // With JavaScript an unticked login is stopped here, so the code typed and the one sent stay put.
  const [consentError, setConsentError] = useState<string | null>(null);
  const agree = (next: boolean) => {
    setAgreed(next);
    if (next) setConsentError(null);
  };

  useEffect(() => {
    if (wipeLocalData) wipeOnLogout();
  }, [wipeLocalData]);
  useEffect(() => {
    const last = getItem<string>(LAST_LOGIN_PHONE_KEY);
    if (last && phoneRef.current && !phoneRef.current.value) phoneRef.current.value = last;
  }, []);

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
            <WechatLogin agreed={agreed} onAgree={agree} />
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
                  const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                  if (submitter?.value === 'login' && !agreed) {
                    e.preventDefault();
                    setConsentError(CONSENT_MESSAGE);
                    return;
                  }
                  const phone = new FormData(e.currentTarget).get('phone');
                  if (typeof phone === 'string' && phone.trim()) setItem(LAST_LOGIN_PHONE_KEY, phone.trim(), LAST_PHONE_TTL_MS);
                }}
              >
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <Stack gap="4">
                  <SmsCodeFields
                    errors={errors}
                    phone={sent?.phone ?? values?.phone ?? ''}
                    sent={sent}
                    captcha={captcha}
                    devSms={devSms}
                    submittingIntent={submittingIntent}
                    phoneRef={phoneRef}
                    failure={phoneAnswer && !phoneAnswer.ok ? phoneAnswer : null}
                  />
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
                  <ConsentBox agreed={agreed} onChange={agree} error={consentError ?? errors.agree} testId="login-agree" />
                </Stack>
              </Form>
            </Stack>
          </Flex>
        </Stack>
      </Box>
    </Flex>
  );
}
