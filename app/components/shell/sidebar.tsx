import { Box, Flex, IconButton, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { Link, NavLink, useLocation, useRouteLoaderData } from '@remix-run/react';
import { ChevronsLeft, ChevronsRight, Coins } from 'lucide-react';
import { Fragment, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { User } from '../../../contracts/user';
import { Logo } from '~/components/logo';
import {
  ADMIN_MENU_GROUP,
  CHARGE_ROUTE,
  HOVER_PANEL_CLOSE_DELAY_MS,
  MENU_GROUPS,
  PRODUCT_NAME,
  SIDEBAR_BREAKPOINTS,
  SIDEBAR_WIDTH,
  type MenuGroup,
  type MenuItem,
} from '~/services/navigation';

export type SidebarMode = 'auto' | 'expanded' | 'collapsed';

const NARROW = `(max-width: ${SIDEBAR_BREAKPOINTS.desktop - 0.02}px)`;
const MOBILE = `(max-width: ${SIDEBAR_BREAKPOINTS.mobile - 0.02}px)`;

/** What a collapsed rail looks like: 80 px, icons only, each group one icon opening its panel. */
const COLLAPSED_RAIL = {
  width: `${SIDEBAR_WIDTH.collapsed}px`,
  '& .lx-label, & .lx-wide-only': { display: 'none' },
  '& .lx-rail-only': { display: 'block' },
  '& .lx-logo-row': { justifyContent: 'center' },
} as const;

/**
 * The rail's layout is decided by CSS alone, from the saved choice (`data-mode`, read from the
 * cookie on the server), the screen's width (media queries) and an open drawer (`data-drawer`):
 * the server's HTML is already right at every width, before any script runs (issue 28: group
 * labels wrapped in an 80 px rail until hydration). Both forms of each group are in the page and
 * the CSS shows one; JavaScript only follows along (the toggle's label, the drawer).
 */
const RAIL_CSS = {
  width: `${SIDEBAR_WIDTH.expanded}px`,
  '& .lx-rail-only': { display: 'none' },
  '&[data-mode=collapsed]:not([data-drawer=open])': COLLAPSED_RAIL,
  [`@media ${NARROW}`]: { '&[data-mode=auto]:not([data-drawer=open])': COLLAPSED_RAIL },
  // On a phone only an open drawer is wide.
  [`@media ${MOBILE}`]: { '&:not([data-drawer=open])': COLLAPSED_RAIL },
} as const;

/** False on the server and during hydration (as the CSS media queries cover that), then the live match. */
function useMedia(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** `inRail`: the label hides with the rail; items in a hover panel always show theirs. */
function ItemLink({
  item,
  collapsed,
  inRail,
  onNavigate,
}: {
  item: MenuItem;
  collapsed: boolean;
  inRail: boolean;
  onNavigate?: () => void;
}) {
  const labelClass = inRail ? 'lx-label' : undefined;
  const Icon = item.icon;
  const body = (
    <>
      <Icon size={18} aria-hidden />
      <Text as="span" className={labelClass} truncate>
        {item.label}
      </Text>
      {!item.available && (
        <Text as="span" className={labelClass} ml="auto" fontSize="2xs" color="gray.400">
          未开放
        </Text>
      )}
    </>
  );
  const common = {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2',
    rounded: 'md',
    fontSize: 'sm',
    justifyContent: collapsed ? 'center' : 'flex-start',
  } as const;
  if (!item.available) {
    return (
      <Box {...common} color="gray.400" cursor="not-allowed" aria-disabled title={`${item.label}：尚未开放`}>
        {body}
      </Box>
    );
  }
  return (
    <ChakraLink
      asChild
      {...common}
      color="gray.700"
      _hover={{ bg: 'blue.50', color: 'blue.700', textDecoration: 'none' }}
      css={{ '&.active': { bg: 'blue.100', color: 'blue.800', fontWeight: 'semibold' } }}
    >
      <NavLink to={item.to} prefetch="intent" title={collapsed ? item.label : undefined} onClick={onNavigate}>
        {body}
      </NavLink>
    </ChakraLink>
  );
}

/**
 * In the collapsed rail a group is an icon; hovering or clicking opens its items in a panel beside
 * the rail, closing 300 ms after the pointer leaves. The panel is portalled with fixed coordinates:
 * inside the rail it would be clipped by the rail's scrolling overflow.
 */
function CollapsedGroup({ group }: { group: MenuGroup }) {
  const [anchor, setAnchor] = useState<{ top: number; left: number } | null>(null);
  const trigger = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const { pathname } = useLocation();
  const current = group.items.some((item) => item.available && pathname.startsWith(item.to));
  const show = () => {
    clearTimeout(timer.current);
    const rect = trigger.current?.getBoundingClientRect();
    const rail = trigger.current?.closest('nav')?.getBoundingClientRect();
    if (rect) setAnchor({ top: rect.top, left: (rail?.right ?? rect.right) + 8 });
  };
  const hide = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(null), HOVER_PANEL_CLOSE_DELAY_MS);
  };
  const closeAndRefocus = () => {
    clearTimeout(timer.current);
    setAnchor(null);
    trigger.current?.focus();
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const open = anchor !== null;
  const panel = useRef<HTMLDivElement>(null);
  // A tap or click anywhere else closes it (touch screens have no pointer to leave).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setAnchor(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  const Icon = group.icon;
  return (
    <Box className="lx-rail-only" onMouseEnter={show} onMouseLeave={hide}>
      <Flex
        as="button"
        ref={trigger}
        aria-label={group.label}
        aria-haspopup="true"
        aria-expanded={open}
        aria-current={current ? 'page' : undefined}
        data-current={current ? 'true' : undefined}
        w="full"
        justify="center"
        py="2.5"
        rounded="md"
        color="gray.600"
        _hover={{ bg: 'blue.50', color: 'blue.700' }}
        css={{ '&[data-current=true]': { bg: 'blue.100', color: 'blue.800' } }}
        // Opens (hover may have opened it a moment before: a toggle would close it again).
        onClick={show}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) closeAndRefocus();
        }}
      >
        <Icon size={20} aria-hidden />
      </Flex>
      {open && (
        <Portal>
          <Box
            ref={panel}
            data-testid="sidebar-hover-panel"
            role="menu"
            aria-label={group.label}
            position="fixed"
            style={{ top: anchor.top, left: anchor.left }}
            zIndex="popover"
            bg="white"
            borderWidth="1px"
            rounded="lg"
            shadow="lg"
            p="2"
            minW="200px"
            onMouseEnter={show}
            onMouseLeave={hide}
            onKeyDown={(e) => {
              if (e.key === 'Escape') closeAndRefocus();
            }}
          >
            <Text px="3" py="1" fontSize="xs" color="gray.500" fontWeight="medium">
              {group.label}
            </Text>
            {group.items.map((item) => (
              <ItemLink key={item.id} item={item} collapsed={false} inRail={false} onNavigate={() => setAnchor(null)} />
            ))}
          </Box>
        </Portal>
      )}
    </Box>
  );
}

const CHARGE_STYLE = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  py: '2.5',
  rounded: 'lg',
  fontWeight: 'semibold',
  fontSize: 'sm',
} as const;

/**
 * `mode` is the saved choice for wide screens. Below 768 px the rail is always collapsed and opens
 * as a drawer over the page; the drawer is never saved, so a choice made at 1440 px cannot force
 * it open on a phone.
 */
export function Sidebar({ mode, onModeChange }: { mode: SidebarMode; onModeChange: (mode: SidebarMode) => void }) {
  const narrow = useMedia(NARROW);
  const mobile = useMedia(MOBILE);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // The drawer closes on navigation and when the screen crosses the mobile breakpoint (adjusted while rendering).
  const [drawerContext, setDrawerContext] = useState({ pathname, mobile });
  if (drawerContext.pathname !== pathname || drawerContext.mobile !== mobile) {
    setDrawerContext({ pathname, mobile });
    setDrawerOpen(false);
  }
  const collapsed = mobile ? !drawerOpen : mode === 'collapsed' || (mode === 'auto' && narrow);
  const overlay = mobile && drawerOpen;
  // The shell's user (absent in the shell's error boundary): administrators also get the console.
  const role = useRouteLoaderData<{ user: User }>('routes/dash')?.user.role;
  const groups = role === 'admin' ? [...MENU_GROUPS, ADMIN_MENU_GROUP] : MENU_GROUPS;
  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : onModeChange(collapsed ? 'expanded' : narrow ? 'auto' : 'collapsed'));

  return (
    <>
      {overlay && <Box position="fixed" inset="0" bg="blackAlpha.400" zIndex="overlay" onClick={() => setDrawerOpen(false)} aria-hidden />}
      <Box
        as="nav"
        aria-label="主菜单"
        data-mode={mode}
        data-drawer={overlay ? 'open' : undefined}
        data-collapsed={collapsed ? 'true' : 'false'}
        data-testid="sidebar"
        flexShrink={0}
        h="100vh"
        position={overlay ? 'fixed' : 'sticky'}
        top="0"
        left="0"
        zIndex={overlay ? 'modal' : 'docked'}
        bg="white"
        borderRightWidth="1px"
        display="flex"
        flexDirection="column"
        transition="width 0.2s"
        css={RAIL_CSS}
      >
        <Flex className="lx-logo-row" align="center" gap="2" h="16" px="4" justify="flex-start" borderBottomWidth="1px">
          <Link to="/dash/overview" aria-label={PRODUCT_NAME}>
            <Logo nameClassName="lx-label" />
          </Link>
        </Flex>

        <Stack flex="1" overflowY="auto" gap="4" px="3" py="4">
          {/* Both forms of every group are rendered; the rail's CSS shows one (see RAIL_CSS). */}
          {groups.map((group) => (
            <Fragment key={group.id}>
              <CollapsedGroup group={group} />
              <Stack className="lx-wide-only" gap="0.5">
                <Text px="3" pb="1" fontSize="xs" color="gray.500" fontWeight="medium">
                  {group.label}
                </Text>
                {group.items.map((item) => (
                  <ItemLink
                    key={item.id}
                    item={item}
                    collapsed={false}
                    inRail
                    onNavigate={overlay ? () => setDrawerOpen(false) : undefined}
                  />
                ))}
              </Stack>
            </Fragment>
          ))}
        </Stack>

        <Stack p="3" gap="2" borderTopWidth="1px">
          {/* The pinned top-up (spec §2). */}
          <ChakraLink asChild {...CHARGE_STYLE} bg="orange.500" color="white" _hover={{ bg: 'orange.600', textDecoration: 'none' }}>
            <Link to={CHARGE_ROUTE} title="充值积分" data-testid="sidebar-charge">
              <Coins size={18} aria-hidden />
              <Text as="span" className="lx-label">
                充值积分
              </Text>
            </Link>
          </ChakraLink>
          <IconButton
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            variant="ghost"
            size="sm"
            onClick={toggle}
            data-testid="sidebar-toggle"
          >
            <ChevronsRight size={18} className="lx-rail-only" />
            <ChevronsLeft size={18} className="lx-wide-only" />
          </IconButton>
        </Stack>
      </Box>
    </>
  );
}
