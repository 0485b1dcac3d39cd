import { Box, Button, ChakraProvider, Heading, Stack, Text } from '@chakra-ui/react';
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from './components/ui/toaster';
import { useAnalytics } from './hooks/use-analytics';
import { getWebSession } from './sessions.server';
import { PRODUCT_NAME } from './services/navigation';
import { EmotionStyles, useCspNonce } from './styles/emotion';
import { system } from './styles/theme';

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `出错了 - ${PRODUCT_NAME}` : PRODUCT_NAME },
  { name: 'description', content: '面向留学顾问与学生的 AI 文书写作平台：PS/SOP、简历、推荐信、文书润色、查AI率与选校。' },
];

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const web = await getWebSession(request, context);
  return { config: context.config.public, analyticsRole: web.tokens ? (web.role ?? 'user') : 'guest' };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useCspNonce();
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <EmotionStyles />
      </head>
      {/* Analytics reads the role here; visitors without a session are guests. */}
      <body data-analytics-role={data?.analyticsRole ?? 'guest'}>
        <ChakraProvider value={system}>
          {children}
          <Toaster />
        </ChakraProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Page views with Chinese page names, and Clarity when configured (ADR 0058).
  useAnalytics(useLoaderData<typeof loader>().config.clarityProjectId);
  useEffect(() => {
    // Lets browser tests (and support staff) tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = 'true';
    // The hourly local-storage check runs in the dashboard shell (useDraftCount), which tells the
    // user when drafts had to go; pages outside it keep no drafts.
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6">
      <Stack gap="4" maxW="md" textAlign="center">
        <Heading size="xl">{notFound ? '页面不存在' : '页面出错了'}</Heading>
        <Text color="gray.600">
          {notFound ? '你访问的页面不存在或已移动。' : '加载页面时发生错误，请刷新重试。如果问题持续，请通过反馈告诉我们。'}
        </Text>
        <Button asChild colorPalette="blue">
          <a href="/dash/overview">返回概览</a>
        </Button>
      </Stack>
    </Box>
  );
}
