import { Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { Megaphone, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { showModal } from '~/components/modal-queue';
import { useHydrated } from '~/hooks/use-hydrated';
import { NOTICE_TIMING, visibleAnnouncements, type DismissalRecord, type Notice } from '~/services/notices';
import { AnnouncementDialog } from './notice-dialogs';
import { dismissNotice } from './use-dismissals';

/**
 * The announcement banner (spec §2/§4): the active announcements, one at a time, rotating every
 * 8 s (paused while the pointer or focus is on it), each dismissible. Dismissals are the user's,
 * kept on the server with the announcement's update time (use-dismissals.ts), so an edited
 * announcement shows again. Rendered after hydration only: the rotation and the buttons need it.
 */
export function AnnouncementBanner({ notices, dismissals }: { notices: Notice[]; dismissals: DismissalRecord[] }) {
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const visible = visibleAnnouncements(notices, dismissals);
  const count = visible.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), NOTICE_TIMING.rotateMs);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (!hydrated || count === 0) return null;
  const current = visible[index % count]!;
  const dismiss = () => dismissNotice(current, 'banner');
  const open = () => showModal(`announcement-view:${current.id}`, (dialog) => <AnnouncementDialog {...dialog} notice={current} />);

  return (
    <Flex
      role="region"
      aria-label="系统公告"
      align="center"
      gap={{ base: '2', md: '3' }}
      px={{ base: '3', md: '6' }}
      py="2"
      bg="blue.50"
      borderBottomWidth="1px"
      borderColor="blue.100"
      color="blue.900"
      fontSize="sm"
      data-testid="announcement-banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Box color="blue.600" flexShrink={0} aria-hidden>
        <Megaphone size={16} />
      </Box>
      <Button
        variant="plain"
        size="sm"
        h="auto"
        p="0"
        minW="0"
        flex="1"
        justifyContent="flex-start"
        fontWeight="normal"
        color="inherit"
        onClick={open}
        title="查看公告"
        aria-live="polite"
      >
        <Text
          as="span"
          fontWeight="semibold"
          truncate
          flexShrink={0}
          maxW={{ base: '100%', md: '50%' }}
          data-testid="announcement-banner-title"
        >
          {current.title}
        </Text>
        {current.content && (
          <Text as="span" color="blue.800" truncate display={{ base: 'none', md: 'inline' }}>
            {current.content.replace(/\s+/g, ' ')}
          </Text>
        )}
      </Button>
      <HStack gap="1" flexShrink={0}>
        {count > 1 && (
          <Text fontSize="xs" color="blue.700" fontVariantNumeric="tabular-nums" data-testid="announcement-banner-position">
            {(index % count) + 1}/{count}
          </Text>
        )}
        <IconButton
          aria-label="关闭公告"
          size="xs"
          variant="ghost"
          colorPalette="blue"
          onClick={dismiss}
          data-testid="announcement-dismiss"
        >
          <X size={14} />
        </IconButton>
      </HStack>
    </Flex>
  );
}
