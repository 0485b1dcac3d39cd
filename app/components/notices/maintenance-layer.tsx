import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation, useNavigate } from '@remix-run/react';
import { ChevronDown, ChevronUp, ShieldAlert, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEFAULT_MAINTENANCE_TITLE } from '../../../contracts/constants';
import { closeModal, showModal } from '~/components/modal-queue';
import { useHydrated } from '~/hooks/use-hydrated';
import { useMaintenanceStatus } from '~/hooks/use-maintenance';
import { formatDateTime } from '~/services/dates';
import { getItem, removeItem, setItem } from '~/services/browser/local-storage.client';
import {
  bannerCollapsed,
  formatCountdown,
  MAINTENANCE_TIMING,
  shouldRedirectToMaintenance,
  shouldShowModal,
  type MaintenanceNotice,
} from '~/services/maintenance';
import type { Notice } from '~/services/notices';
import { MaintenanceDialog } from './notice-dialogs';

/** Spec §3 local keys: the banner's collapse (720 h) and when each notice's modal was last shown. */
const COLLAPSED_KEY = 'maintenance:banner-collapsed';
const MODAL_SHOWN_KEY = 'maintenance:modal-shown';
const MODAL_SHOWN_TTL_MS = 24 * 3600_000;
const modalKey = (notice: MaintenanceNotice) => `maintenance:${notice.id}`;

function markModalShown(notice: MaintenanceNotice) {
  const shown = getItem<Record<string, number>>(MODAL_SHOWN_KEY) ?? {};
  setItem(MODAL_SHOWN_KEY, { ...shown, [notice.id]: Date.now() }, MODAL_SHOWN_TTL_MS);
}

/** The countdown banner within 600 s of the start (spec §4), collapsible. */
function CountdownBanner({
  notice,
  now,
  collapsed,
  onToggle,
}: {
  notice: MaintenanceNotice;
  now: number;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const start = Date.parse(notice.start_time!);
  const countdown = (
    <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="maintenance-countdown">
      {formatCountdown(start - now)}
    </Text>
  );
  return (
    <Box
      role="region"
      aria-label="系统维护倒计时"
      bg="orange.50"
      borderBottomWidth="1px"
      borderColor="orange.200"
      color="orange.900"
      px={{ base: '3', md: '6' }}
      py={collapsed ? '1.5' : '3'}
      fontSize="sm"
      data-testid="maintenance-banner"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <Flex align={collapsed ? 'center' : 'flex-start'} gap="3">
        <Box color="orange.600" flexShrink={0} mt={collapsed ? '0' : '0.5'} aria-hidden>
          <Wrench size={16} />
        </Box>
        {collapsed ? (
          <Text flex="1" minW="0" truncate>
            系统将在 {countdown} 后开始维护
          </Text>
        ) : (
          <Stack flex="1" minW="0" gap="1">
            <Text fontWeight="semibold">{notice.title || DEFAULT_MAINTENANCE_TITLE}</Text>
            <Text>
              系统将于 {formatDateTime(notice.start_time!)} 开始维护，剩余 {countdown}。
              <Text as="span" hideBelow="md">
                维护开始后将自动跳转到维护页面，请及时保存正在编辑的内容。
              </Text>
            </Text>
            {notice.content && (
              <Text color="orange.800" whiteSpace="pre-wrap" lineClamp={{ base: 2, md: 3 }} overflowWrap="anywhere">
                {notice.content}
              </Text>
            )}
            {notice.estimatedCompletionTime && (
              <Text color="orange.800" fontSize="xs">
                预计完成时间：{formatDateTime(notice.estimatedCompletionTime)}
              </Text>
            )}
          </Stack>
        )}
        <Button
          size="xs"
          variant="ghost"
          colorPalette="orange"
          flexShrink={0}
          onClick={onToggle}
          aria-expanded={!collapsed}
          data-testid="maintenance-banner-toggle"
        >
          {collapsed ? <ChevronDown size={14} /> : <ChevronUp size={14} />}
          {collapsed ? '展开' : '收起'}
        </Button>
      </Flex>
    </Box>
  );
}

/** Administrators are not sent away during maintenance: they are told, and shown where to end it. */
function AdminMaintenanceBanner({ notice }: { notice: MaintenanceNotice }) {
  return (
    <Flex
      role="status"
      align={{ base: 'flex-start', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '2', md: '3' }}
      bg="red.50"
      borderBottomWidth="1px"
      borderColor="red.200"
      color="red.900"
      px={{ base: '3', md: '6' }}
      py="2.5"
      fontSize="sm"
      data-testid="maintenance-admin-banner"
    >
      <Flex align="center" gap="2" flex="1" minW="0">
        <Box color="red.600" flexShrink={0} aria-hidden>
          <ShieldAlert size={16} />
        </Box>
        <Text>
          <Text as="b">维护中</Text>：{notice.title || DEFAULT_MAINTENANCE_TITLE}
          。其他用户已被引导至维护页面，提交操作会被拒绝；管理员不受影响。
        </Text>
      </Flex>
      <Button asChild size="xs" colorPalette="red" variant="outline" flexShrink={0}>
        <Link to="/dash/admin/notifications">前往通知管理结束维护</Link>
      </Button>
    </Flex>
  );
}

/**
 * Maintenance in the dashboard (spec §4), on the rules of app/services/maintenance.ts: the
 * countdown banner within 600 s, the modal at 60 s or less (once per notice, again after 30 s),
 * and at the start the way to /maintenance with the current path remembered; administrators stay
 * and see 维护中 instead. The loaders redirect on the server too (notices.server.ts).
 */
export function MaintenanceLayer({ notices, isAdmin }: { notices: Notice[]; isAdmin: boolean }) {
  const hydrated = useHydrated();
  const { notice, phase, now } = useMaintenanceStatus(notices);
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsedAt, setCollapsedAt] = useState<number | undefined>(() =>
    typeof window === 'undefined' ? undefined : (getItem<number>(COLLAPSED_KEY) ?? undefined),
  );

  useEffect(() => {
    if (!notice || !hydrated) return;
    const shown = getItem<Record<string, number>>(MODAL_SHOWN_KEY) ?? {};
    if (!shouldShowModal(notice, now, shown[notice.id])) return;
    const queued = showModal(modalKey(notice), (dialog) => (
      <MaintenanceDialog
        {...dialog}
        notice={notice}
        onOpenChange={(details) => {
          // "Last shown" is when it left the screen, so closing it does not bring it straight back.
          if (!details.open) markModalShown(notice);
          dialog.onOpenChange(details);
        }}
      />
    ));
    if (queued) markModalShown(notice);
  }, [notice, now, hydrated]);

  // Past 60 s before the start (or called off) the modal has nothing left to say.
  const imminentKey = notice && phase === 'imminent' ? modalKey(notice) : null;
  useEffect(() => {
    if (!imminentKey) return;
    return () => closeModal(imminentKey);
  }, [imminentKey]);

  useEffect(() => {
    if (isAdmin || !shouldRedirectToMaintenance(location.pathname, phase)) return;
    navigate(`/maintenance?from=${encodeURIComponent(`${location.pathname}${location.search}`)}`, { replace: true });
  }, [isAdmin, phase, location.pathname, location.search, navigate]);

  if (!hydrated || !notice) return null;
  if (phase === 'active') return isAdmin ? <AdminMaintenanceBanner notice={notice} /> : null;
  if (phase !== 'countdown' && phase !== 'imminent') return null;
  const collapsed = bannerCollapsed(collapsedAt, now);
  const toggle = () => {
    if (collapsed) {
      removeItem(COLLAPSED_KEY);
      return setCollapsedAt(undefined);
    }
    const at = Date.now();
    setItem(COLLAPSED_KEY, at, MAINTENANCE_TIMING.collapseMemoryMs);
    setCollapsedAt(at);
  };
  return <CountdownBanner notice={notice} now={now} collapsed={collapsed} onToggle={toggle} />;
}
