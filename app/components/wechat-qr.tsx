import { Badge, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormAlert } from '~/components/ui/form-alert';
import type { WechatQr } from '~/services/pages/wechat-login.server';

/**
 * A WeChat QR code with what goes with it (ADR 0038): in the sandbox a badge and the link to the
 * local phone page; 我已扫码, which asks the server once (the way without JavaScript; with it the
 * socket submits the same form by itself), and a second button (刷新二维码 or 取消).
 */
export function WechatQrCard({
  qr,
  purpose,
  action,
  fields = {},
  secondary,
  message,
  waiting,
  consent,
}: {
  qr: WechatQr;
  purpose: 'login' | 'bind';
  /** Where the form posts (the login page keeps its tab and redirect in the query). */
  action?: string;
  fields?: Record<string, string>;
  secondary: { intent: string; label: string };
  /** The last answer about this code (尚未扫码…), if any. */
  message?: { ok: boolean; text: string } | null;
  /** Shown under the code while the socket waits for the scan. */
  waiting?: ReactNode;
  /** Inside the form, above its buttons: the login's consent box. */
  consent?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const confirmIntent = purpose === 'login' ? 'wechat-login' : 'wechat-bind';
  const sandbox = qr.sandboxUrl !== null;
  return (
    <Stack align="center" gap="3" textAlign="center" data-testid={`wechat-${purpose}-qr`} data-scene={qr.sceneStr}>
      {sandbox && (
        <Badge colorPalette="purple" variant="solid" data-testid="wechat-sandbox-badge">
          沙箱微信
        </Badge>
      )}
      <chakra.img
        src={qr.qrCode}
        alt={purpose === 'login' ? '微信登录二维码' : '绑定微信二维码'}
        boxSize={{ base: '180px', md: '200px' }}
        borderWidth="1px"
        rounded="md"
        bg="white"
        data-testid="wechat-qr-image"
      />
      <Text fontSize="sm" color="gray.600" maxW="72">
        {sandbox
          ? `沙箱模式：用手机扫码，或在本机打开下方的模拟手机页面，确认${purpose === 'login' ? '登录' : '绑定'}`
          : `请使用微信扫一扫，关注公众号后即可${purpose === 'login' ? '登录' : '完成绑定'}`}
      </Text>
      {sandbox && (
        <a href={qr.sandboxUrl!} target="_blank" rel="noopener noreferrer" data-testid="wechat-sandbox-link">
          <Text as="span" fontSize="sm" color="blue.600" textDecoration="underline">
            打开沙箱手机页面
          </Text>
        </a>
      )}
      {waiting}
      {message && (
        <Stack w="full" data-testid="wechat-answer">
          <FormAlert status={message.ok ? 'success' : 'warning'}>{message.text}</FormAlert>
        </Stack>
      )}
      <Form method="post" action={action} replace>
        <input type="hidden" name="sceneStr" value={qr.sceneStr} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {consent}
        <HStack gap="2" justify="center" flexWrap="wrap">
          <Button
            type="submit"
            name="intent"
            value={confirmIntent}
            colorPalette="green"
            loading={busy === confirmIntent}
            data-testid="wechat-confirm"
          >
            我已扫码
          </Button>
          <Button
            type="submit"
            name="intent"
            value={secondary.intent}
            variant="outline"
            loading={busy === secondary.intent}
            data-testid="wechat-secondary"
          >
            {secondary.label}
          </Button>
        </HStack>
      </Form>
      <Text fontSize="xs" color="gray.500">
        二维码5分钟内有效，过期后会自动刷新
      </Text>
    </Stack>
  );
}
