import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';

/** Error boundary body for pages inside the dashboard shell: the sidebar and header stay usable. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A loader's own words (学生档案不存在, an API message) when it gave some.
  const told = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : null;
  const message =
    status === 403
      ? '没有权限访问'
      : (told ??
        (status === 404 ? '你要找的内容不存在，或已被删除。' : '页面加载失败，请稍后重试。如果问题持续出现，请通过意见反馈告诉我们。'));
  return (
    <Stack p={{ base: '4', md: '8' }} maxW="2xl" gap="4" data-testid="route-error">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{status === 404 ? '内容不存在' : '出错了'}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack>
        <Button onClick={() => window.location.reload()} variant="outline">
          重新加载
        </Button>
        <Button asChild colorPalette="blue">
          <Link to="/dash/overview">返回概览</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
