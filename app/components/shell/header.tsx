import { Avatar, Badge, Box, Button, Flex, HStack, IconButton, Image, Kbd, Menu, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Link, useSubmit } from '@remix-run/react';
import { Building2, ChevronDown, Eraser, Gift, Headset, LogOut, Search, Settings, Shield, Ticket, UserPlus, UserRound } from 'lucide-react';
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { PublicConfig } from '../../../contracts/public-config';
import { maskPhone } from '../../../contracts/constants';
import type { User } from '../../../contracts/user';
import { notifyInfo } from '~/services/toasts';
import { ACCOUNT_ROUTES, ORG_ROUTE } from '~/services/navigation';
import { ClearDraftsDialog, useDraftCount } from './clear-drafts-dialog';
import { PointsDisplay } from './points-display';
import { SearchDialog, useSearchShortcut } from './search-dialog';
import { NewStudentDialog, useNewStudent } from '~/components/archives/new-student';
import { RecentUpdates } from '~/components/update-logs/recent-updates';

/**
 * Contact entries appear only where the deployment configured them; the feedback form always does.
 * Without a WeChat QR code the dropdown says how support is reached instead of looking empty.
 */
function SupportMenu({ config }: { config: PublicConfig }) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label="联系客服" variant="ghost" size="sm" minW={{ base: '8', sm: '9' }} data-testid="support-trigger">
          <Headset size={18} />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="64">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3" align="center" textAlign="center">
                <Text fontWeight="semibold">联系客服</Text>
                {config.supportWechatQrUrl ? (
                  <>
                    <Image src={config.supportWechatQrUrl} alt="客服微信二维码" w="40" h="40" objectFit="contain" />
                    <Text fontSize="sm" color="gray.600">
                      微信扫码添加客服
                    </Text>
                  </>
                ) : null}
                {config.supportWechatId && (
                  <Text fontSize="sm">
                    客服微信：<b>{config.supportWechatId}</b>
                  </Text>
                )}
                {config.supportEmail && (
                  <Text fontSize="sm" color="gray.600">
                    邮箱：{config.supportEmail}
                  </Text>
                )}
                {!config.supportWechatQrUrl && (
                  <Text fontSize="sm" color="gray.600" data-testid="support-no-qr">
                    {config.supportWechatId || config.supportEmail ? '也可以' : '暂未开通微信扫码客服。请'}
                    通过「在线提交反馈」描述问题，并留下微信号或邮箱，客服会尽快联系你。
                  </Text>
                )}
                <Button asChild size="xs" variant={config.supportWechatQrUrl ? 'outline' : 'solid'} colorPalette="blue">
                  <Link to="/dash/feedback" data-testid="support-feedback-link">
                    在线提交反馈
                  </Link>
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function UserMenu({
  user,
  onClearDrafts,
  draftCount,
  triggerRef,
}: {
  user: User;
  onClearDrafts: () => void;
  draftCount: number;
  triggerRef: RefObject<HTMLButtonElement>;
}) {
  const submit = useSubmit();
  const name = user.username || user.name || '用户';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button ref={triggerRef} variant="ghost" size="sm" px="1.5" data-testid="user-menu-trigger" aria-label="用户菜单">
          <Avatar.Root size="xs" colorPalette="blue">
            <Avatar.Fallback name={name} />
            {user.avatar && <Avatar.Image src={user.avatar} />}
          </Avatar.Root>
          <Text display={{ base: 'none', md: 'inline' }} maxW="32" truncate>
            {name}
          </Text>
          <ChevronDown size={14} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Box px="3" py="2">
              <Text fontWeight="semibold" fontSize="sm">
                {name}
              </Text>
              <Text fontSize="xs" color="gray.500" data-testid="user-menu-account">
                {/* A WeChat-only account has no phone: its WeChat nickname says who is signed in. */}
                {user.phone ? maskPhone(user.phone) : `微信：${user.wechat_nickname ?? '微信用户'}`}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="org" asChild>
              <Link to={ORG_ROUTE} data-testid="user-menu-space">
                <Building2 size={16} />
                <Text as="span" truncate maxW="40">
                  {user.activeOrg ? user.activeOrg.name : '个人空间'}
                </Text>
                <Text as="span" ms="auto" fontSize="xs" color="gray.500">
                  切换
                </Text>
              </Link>
            </Menu.Item>
            <Menu.Item value="profile" asChild>
              <Link to="/dash/profile">
                <UserRound size={16} /> 个人资料
              </Link>
            </Menu.Item>
            <Menu.Item value="account" asChild>
              <Link to="/dash/account">
                <Shield size={16} /> 账户与安全
              </Link>
            </Menu.Item>
            <Menu.Item value="settings" asChild>
              <Link to="/dash/settings">
                <Settings size={16} /> 设置
              </Link>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="redemption" asChild>
              <Link to={ACCOUNT_ROUTES.redemption}>
                <Ticket size={16} /> 使用兑换码
              </Link>
            </Menu.Item>
            <Menu.Item value="invite" asChild>
              <Link to={ACCOUNT_ROUTES.invitation}>
                <Gift size={16} /> 邀请好友
              </Link>
            </Menu.Item>
            <Menu.Item value="clear-drafts" onClick={onClearDrafts} data-testid="menu-clear-drafts">
              <Eraser size={16} /> 清除草稿
              <Badge ml="auto" colorPalette={draftCount ? 'red' : 'gray'} data-testid="draft-count">
                {draftCount}
              </Badge>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item
              value="logout"
              color="red.600"
              onClick={() => submit(null, { method: 'post', action: '/logout' })}
              data-testid="menu-logout"
            >
              <LogOut size={16} /> 退出登录
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function Header({ user, config }: { user: User; config: PublicConfig }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [draftsOpen, setDraftsOpen] = useState(false);
  const userMenuTrigger = useRef<HTMLButtonElement>(null);
  const [draftCount, refreshDraftCount] = useDraftCount(user.id);
  const openSearch = useCallback(() => setSearchOpen(true), []);
  const newStudent = useNewStudent();
  useSearchShortcut(openSearch);

  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '2', sm: '3', md: '6' }}
      align="center"
      // At 375 px every control must fit: search, 最近更新, support, points and the user menu.
      gap={{ base: '1', sm: '2' }}
      bg="white"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Button
        variant="outline"
        size="sm"
        color="gray.500"
        fontWeight="normal"
        justifyContent="flex-start"
        w={{ base: 'auto', md: '72' }}
        onClick={openSearch}
        data-testid="search-trigger"
        aria-label="搜索（Ctrl+K）"
      >
        <Search size={16} />
        <Text as="span" display={{ base: 'none', md: 'inline' }}>
          搜索学生、文书、作品…
        </Text>
        <HStack ml="auto" gap="1" display={{ base: 'none', md: 'flex' }}>
          <Kbd size="sm">Ctrl</Kbd>
          <Kbd size="sm">K</Kbd>
        </HStack>
      </Button>
      <Box flex="1" />
      <RecentUpdates userId={user.id} />
      <SupportMenu config={config} />
      <PointsDisplay balance={user.total_points} />
      {/* Below 480 px the header has no room: the archive list has its own 新建学生. */}
      <Button asChild size="sm" colorPalette="blue" display={{ base: 'none', sm: 'inline-flex' }}>
        <Link
          to="/dash/client-archives?new=1#new-student"
          onClick={newStudent.openFromLink}
          aria-label="新建学生"
          data-testid="header-new-student"
        >
          <UserPlus size={16} /> 新建学生
        </Link>
      </Button>
      <UserMenu
        user={user}
        draftCount={draftCount}
        triggerRef={userMenuTrigger}
        onClearDrafts={() => {
          if (draftCount > 0) return setDraftsOpen(true);
          notifyInfo('没有草稿需要清除');
          // Nothing opens: focus goes back to the menu's button, not to the page.
          requestAnimationFrame(() => userMenuTrigger.current?.focus());
        }}
      />
      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
      <NewStudentDialog />
      <ClearDraftsDialog
        userId={user.id}
        open={draftsOpen}
        onOpenChange={setDraftsOpen}
        onCleared={refreshDraftCount}
        finalFocusEl={() => userMenuTrigger.current}
      />
    </Flex>
  );
}
