import { Box, Flex } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useMatches } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { ERROR_MESSAGES } from '../../../contracts/errors';
import { ModalQueueHost } from '~/components/modal-queue';
import { ShellNotices } from '~/components/notices/shell-notices';
import { useRechargeNotice } from '~/hooks/use-recharge-notice';
import { useWelcomeNotice } from '~/hooks/use-welcome-notice';
import { Header } from '~/components/shell/header';
import { Sidebar, type SidebarMode } from '~/components/shell/sidebar';
import { RouteErrorBoundary } from '~/components/route-error';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingOverlay, useNavigating } from '~/components/ui/loading-overlay';
import { usePublicConfig } from '~/hooks/use-app-data';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { pageTitle } from '~/services/navigation';
import { activeNotices, redirectDuringMaintenance, userDismissals } from '~/services/pages/notices.server';
import { requireWebSession } from '~/sessions.server';

export const SIDEBAR_COOKIE = 'lx_sidebar';

export const meta: MetaFunction = () => [{ title: pageTitle('工作台') }];

/**
 * The dashboard shell: every /dash page needs a session (spec §6). The user is loaded here once
 * per page; pages read it with useShellUser() instead of asking the API again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const web = await requireWebSession(request, context);
  const [user, loaded] = await Promise.all([
    orRouteError(createApiClient(request, context, '工作台').user.info(), ERROR_MESSAGES.USER_INFO_FAILED),
    activeNotices(request, context, '工作台'),
  ]);
  // During maintenance everyone but administrators goes to /maintenance, with or without JavaScript.
  const { notices } = await redirectDuringMaintenance(request, context, '工作台', loaded, { isAdmin: user.role === 'admin' });
  const dismissals = await userDismissals(request, context, '工作台', notices);
  const { notice, welcomePoints } = web.readFlash();
  const cookie = request.headers.get('Cookie') ?? '';
  const match = cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(auto|expanded|collapsed)`));
  return { user, notice, welcomePoints, sidebarMode: (match?.[1] ?? 'auto') as SidebarMode, notices, dismissals };
}

export type ShellLayout = 'writing' | 'default';
/** Writing pages declare `handle = { layout: 'writing' }`: they grow with their content instead of scrolling inside. */
export type ShellHandle = { layout?: ShellLayout };

export default function DashShell() {
  const { user, notice, welcomePoints, sidebarMode, notices, dismissals } = useLoaderData<typeof loader>();
  const config = usePublicConfig();
  useRechargeNotice();
  useWelcomeNotice(welcomePoints);
  const [mode, setMode] = useState<SidebarMode>(sidebarMode);
  const writing = useMatches().some((m) => (m.handle as ShellHandle | undefined)?.layout === 'writing');
  const navigating = useNavigating();
  const changeMode = useCallback((next: SidebarMode) => {
    setMode(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, []);

  return (
    <Flex minH="100vh" h={writing ? 'auto' : '100vh'} bg="gray.50">
      <Sidebar mode={mode} onModeChange={changeMode} />
      <Flex direction="column" flex="1" minW="0" h={writing ? 'auto' : '100vh'}>
        <Header user={user} config={config} />
        <ShellNotices notices={notices} dismissals={dismissals} isAdmin={user.role === 'admin'} />
        <Box
          as="main"
          flex="1"
          minH="0"
          overflowY={writing ? 'visible' : 'auto'}
          data-testid="content-area"
          aria-busy={navigating || undefined}
        >
          {notice && (
            <Box px={{ base: '4', md: '8' }} pt="4" maxW="5xl">
              <FormAlert status="warning" testId="shell-notice">
                {notice}
              </FormAlert>
            </Box>
          )}
          <Outlet />
        </Box>
      </Flex>
      <ModalQueueHost />
      <LoadingOverlay />
    </Flex>
  );
}

/** When the shell's own data fails (the API is unreachable), keep the menu and say what happened. */
export function ErrorBoundary() {
  const [mode, setMode] = useState<SidebarMode>('auto');
  return (
    <Flex minH="100vh" bg="gray.50">
      <Sidebar mode={mode} onModeChange={setMode} />
      <Box as="main" flex="1" minW="0">
        <RouteErrorBoundary />
      </Box>
    </Flex>
  );
}
