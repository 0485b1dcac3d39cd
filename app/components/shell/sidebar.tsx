import { Box, Flex, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, NavLink } from '@remix-run/react';
import { ChevronsLeft, ChevronsRight, Coins } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Logo } from '~/components/logo';
import {
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

function useMedia(query: string) {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const mql = window.matchMedia(query);
    setMatches(mql.matches);
    const onChange = (e: MediaQueryListEvent) => setMatches(e.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return matches;
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

/** In the collapsed rail a group is an icon; hovering opens its items, closing 300 ms after the pointer leaves. */
function CollapsedGroup({ group }: { group: MenuGroup }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), HOVER_PANEL_CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const Icon = group.icon;
  return (
    <Box position="relative" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      <Flex
        as="button"
        aria-label={group.label}
        aria-expanded={open}
        w="full"
        justify="center"
        py="2.5"
        rounded="md"
        color="gray.600"
        _hover={{ bg: 'blue.50', color: 'blue.700' }}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon size={20} aria-hidden />
      </Flex>
      {open && (
        <Box
          data-testid="sidebar-hover-panel"
          position="absolute"
          left="calc(100% + 8px)"
          top="0"
          zIndex="dropdown"
          bg="white"
          borderWidth="1px"
          rounded="lg"
          shadow="lg"
          p="2"
          minW="200px"
        >
          <Text px="3" py="1" fontSize="xs" color="gray.500" fontWeight="medium">
            {group.label}
          </Text>
          {group.items.map((item) => (
            <ItemLink key={item.id} item={item} collapsed={false} inRail={false} onNavigate={() => setOpen(false)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export function Sidebar({ mode, onModeChange }: { mode: SidebarMode; onModeChange: (mode: SidebarMode) => void }) {
  const narrow = useMedia(NARROW);
  const mobile = useMedia(MOBILE);
  const collapsed = mode === 'collapsed' || (mode === 'auto' && narrow);
  const overlay = !collapsed && mobile;
  const toggle = () => onModeChange(collapsed ? 'expanded' : narrow ? 'auto' : 'collapsed');

  return (
    <>
      {overlay && <Box position="fixed" inset="0" bg="blackAlpha.400" zIndex="overlay" onClick={() => onModeChange('auto')} aria-hidden />}
      <Box
        as="nav"
        aria-label="主菜单"
        data-mode={mode}
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
        css={{
          width: `${SIDEBAR_WIDTH.expanded}px`,
          '&[data-mode=collapsed]': { width: `${SIDEBAR_WIDTH.collapsed}px` },
          '&[data-mode=collapsed] .lx-label': { display: 'none' },
          [`@media ${NARROW}`]: {
            '&[data-mode=auto]': { width: `${SIDEBAR_WIDTH.collapsed}px` },
            '&[data-mode=auto] .lx-label': { display: 'none' },
          },
        }}
      >
        <Flex align="center" gap="2" h="16" px="4" justify={collapsed ? 'center' : 'flex-start'} borderBottomWidth="1px">
          <Link to="/dash/overview" aria-label={PRODUCT_NAME}>
            <Logo nameClassName="lx-label" />
          </Link>
        </Flex>

        <Stack flex="1" overflowY="auto" gap="4" px="3" py="4">
          {MENU_GROUPS.map((group) =>
            collapsed ? (
              <CollapsedGroup key={group.id} group={group} />
            ) : (
              <Stack key={group.id} gap="0.5">
                <Text px="3" pb="1" fontSize="xs" color="gray.500" fontWeight="medium">
                  {group.label}
                </Text>
                {group.items.map((item) => (
                  <ItemLink
                    key={item.id}
                    item={item}
                    collapsed={false}
                    inRail
                    onNavigate={overlay ? () => onModeChange('auto') : undefined}
                  />
                ))}
              </Stack>
            ),
          )}
        </Stack>

        <Stack p="3" gap="2" borderTopWidth="1px">
          <ChakraLink
            asChild
            display="flex"
            alignItems="center"
            justifyContent="center"
            gap="2"
            py="2.5"
            rounded="lg"
            bg="orange.500"
            color="white"
            fontWeight="semibold"
            fontSize="sm"
            _hover={{ bg: 'orange.600', textDecoration: 'none' }}
          >
            <Link to="/dash/pricing" title="充值积分" data-testid="sidebar-charge">
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
            {collapsed ? <ChevronsRight size={18} /> : <ChevronsLeft size={18} />}
          </IconButton>
        </Stack>
      </Box>
    </>
  );
}
