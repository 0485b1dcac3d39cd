import { Alert, Button, chakra, HStack, Input, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { FormField } from '~/components/ui/form-field';
import type { CaptchaChallenge } from '../../contracts/auth';

/** Seconds left before 重新获取, counted down once a code is sent. */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

export type SmsCodeFieldsProps = {
  errors: Partial<Record<'phone' | 'code' | 'captchaId' | 'captchaAnswer', string>>;
  /** The phone as last typed or sent to. */
  phone: string;
  /** The last send's answer (the form's send-code intent), if it succeeded. */
  sent: { devCode: string | null; resendAfterSeconds: number } | null;
  captcha: CaptchaChallenge | null;
  devSms: boolean;
  /** The intent being submitted, for the buttons' loading state. */
  submittingIntent: FormDataEntryValue | null | undefined;
  phoneRef?: RefObject<HTMLInputElement>;
  /** The form's last refused answer: each one clears the code field. */
  failure: object | null;
};

/**
 * Phone, code with 获取验证码 (intent=send-code) and, once the API asks for one, the image check
 * with 换一张 (intent=captcha-refresh): the fields of every form that proves a phone by SMS.
 * Plain form fields, so they work with JavaScript off.
 */
export function SmsCodeFields({ errors, phone, sent, captcha, devSms, submittingIntent, phoneRef, failure }: SmsCodeFieldsProps) {
  const [countdown, setCountdown] = useCountdown();
  const codeRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (sent) {
      setCountdown(sent.resendAfterSeconds);
      codeRef.current?.focus();
    }
  }, [sent, setCountdown]);
  const codeError = errors.code;
  useEffect(() => {
    // A refused answer clears the code, so the next attempt starts from an empty field.
    if (!failure || !codeRef.current) return;
    codeRef.current.value = '';
    if (codeError) codeRef.current.focus();
  }, [failure, codeError]);
  useEffect(() => {
    if (captcha) captchaRef.current?.focus();
  }, [captcha]);

  return (
    <>
      <FormField label="手机号" error={errors.phone} required>
        <Input
          ref={phoneRef}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="请输入11位手机号"
          defaultValue={phone}
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
          <FormField label="图形验证码" error={errors.captchaAnswer ?? errors.captchaId} helper="输入图中字符后，点击「获取验证码」">
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
    </>
  );
}
