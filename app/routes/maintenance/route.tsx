import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import { Wrench } from 'lucide-react';
import { useEffect } from 'react';
import { DEFAULT_MAINTENANCE_TITLE } from '../../../contracts/constants';
import { useHydrated } from '~/hooks/use-hydrated';
import { useMaintenanceStatus, useRealtimeEvents } from '~/hooks/use-maintenance';
import { formatDateTime } from '~/services/dates';
import { currentNotice, formatCountdown, safeReturnPath, type MaintenanceNotice } from '~/services/maintenance';
import { pageTitle } from '~/services/navigation';
import { activeNotices, maintenanceNotices } from '~/services/pages/notices.server';
import { getWebSession, safeRedirectTarget } from '~/sessions.server';

export const meta: MetaFunction = () => [{ title: pageTitle('系统维护') }];

/** Without JavaScript the page reloads itself this often; the loader sends it back once maintenance is over. */
export const MAINTENANCE_PAGE_REFRESH_S = 60;

/**
 * /maintenance (spec §2/§4), public. Shows the current maintenance notice; when there is none any
 * more (ended, expired, deleted) the loader sends the visitor back to the page they came from
 * (`?from=`, same-site paths only). An upcoming notice keeps the page: a browser whose clock runs
 * ahead may arrive before the server's start, and sending it back would only bounce it here again.
 * The API's failure keeps the page too (spec §8: such failures are ignored).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(safeRedirectTarget(url.searchParams.get('from')));
  const [loaded, web] = await Promise.all([activeNotices(request, context, '系统维护'), getWebSession(request, context)]);
  const notices = maintenanceNotices(loaded.notices);
  if (!loaded.failure && notices.length === 0) throw redirect(returnTo);
  return { notices, returnTo, signedIn: Boolean(web.tokens) };
}

function Countdown({ label, until, now, testId }: { label: string; until: string; now: number; testId: string }) {
  const left = Date.parse(until) - now;
  return (
    <Box bg="blue.50" rounded="lg" px="5" py="3" w="full">
      <Text fontSize="sm" color="blue.800">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" color="blue.700" fontVariantNumeric="tabular-nums" data-testid={testId}>
        {left > 0 ? formatCountdown(left) : '即将完成，请稍候'}
      </Text>
    </Box>
  );
}

export default function Maintenance() {
  const { notices: loaderNotices, returnTo, signedIn } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useRealtimeEvents({ signedIn });
  const { notices, now } = useMaintenanceStatus(loaderNotices);
  // The server's list has no notice left: maintenance is over, back to where the visitor was.
  const over = hydrated && notices.length === 0;
  useEffect(() => {
    if (over) navigate(returnTo, { replace: true });
  }, [over, returnTo, navigate]);

  // Until hydrated, exactly what the server rendered (the browser's clock may differ from it).
  const notice: MaintenanceNotice | null = hydrated ? (currentNotice(notices, now) ?? notices[0] ?? null) : (loaderNotices[0] ?? null);
  const upcoming = hydrated && notice?.start_time ? Date.parse(notice.start_time) > now : false;

  return (
    <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" px={{ base: '4', md: '6' }} py="10" bg="gray.50">
      {/* No JavaScript: look again every minute; the loader sends the page back once it is over. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(MAINTENANCE_PAGE_REFRESH_S)} />
      </noscript>
      <Stack
        maxW="lg"
        w="full"
        gap="5"
        align="center"
        textAlign="center"
        bg="white"
        p={{ base: '6', md: '12' }}
        rounded="2xl"
        borderWidth="1px"
        data-testid="maintenance-page"
      >
        <Box color="blue.600" aria-hidden>
          <Wrench size={40} />
        </Box>
        <Heading as="h1" size="xl" data-testid="maintenance-title">
          {notice?.title || DEFAULT_MAINTENANCE_TITLE}
        </Heading>
        <Text color="gray.600" lineHeight="1.8" whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="maintenance-content">
          {notice?.content ||
            '为了提供更稳定的服务，我们正在进行系统维护。维护期间暂时无法使用写作和检测功能，您的草稿保存在浏览器中，不会丢失。'}
        </Text>
        {upcoming && notice?.start_time && (
          <Text fontSize="sm" color="gray.600">
            维护开始时间：{formatDateTime(notice.start_time)}
          </Text>
        )}
        {notice?.estimatedCompletionTime && (
          <Stack gap="2" w="full" align="center">
            <Text fontSize="sm" color="gray.600" data-testid="maintenance-estimate">
              预计完成时间：{formatDateTime(notice.estimatedCompletionTime)}
            </Text>
            {hydrated && (
              <Countdown label="距离预计完成还有" until={notice.estimatedCompletionTime} now={now} testId="maintenance-page-countdown" />
            )}
          </Stack>
        )}
        <Text fontSize="sm" color="gray.500">
          维护结束后将自动返回您之前的页面。
        </Text>
        <Button asChild colorPalette="blue" variant="outline" data-testid="maintenance-return">
          <Link to={returnTo} replace>
            返回
          </Link>
        </Button>
      </Stack>
    </Box>
  );
}
