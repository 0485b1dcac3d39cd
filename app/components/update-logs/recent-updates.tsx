import { Badge, Box, Button, Circle, HStack, Popover, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { Sparkles } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { showModal } from '~/components/modal-queue';
import { UpdateLogDialog } from '~/components/notices/notice-dialogs';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { formatDate } from '~/services/dates';
import { UpdateLogService, type LatestUpdateLog, type LatestUpdateLogs } from '~/services/update-log-service';
import { versionLabel } from './update-log-badges';

async function loadLatest(): Promise<LatestUpdateLogs> {
  const response = await fetch('/resources/update-logs', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`update logs: ${response.status}`);
  return (await response.json()) as LatestUpdateLogs;
}

/** One service per user in this tab (another account signed in here starts afresh). */
const services = new Map<string, UpdateLogService>();
const serviceFor = (userId: string) => {
  let service = services.get(userId);
  if (!service) services.set(userId, (service = new UpdateLogService(loadLatest)));
  return service;
};
const EMPTY: LatestUpdateLogs = { logs: [], unread: [] };

/** Marks a log read, here at once and on the server. */
function markRead(service: UpdateLogService, log: LatestUpdateLog, unread: boolean) {
  if (!unread) return;
  service.markRead(log.id);
  void resourceFetch('system/update-logs/reads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ids: [log.id] }),
  }).catch(() => {
    // Spec §8: update-log failures are quiet; it shows as unread again after the next fetch.
  });
}

/**
 * 最近更新 in the header (spec §2 update-log service): the newest update logs, the unread ones
 * marked and counted on the button; a click opens the log's update-log modal (width 750),
 * 全部更新日志 the page.
 */
export function RecentUpdates({ userId }: { userId: string }) {
  const service = serviceFor(userId);
  const { logs, unread } = useSyncExternalStore(service.subscribe, service.current, () => EMPTY);
  const [open, setOpen] = useState(false);
  // The log clicked opens in its modal once the menu has closed: the menu hands focus back to its
  // button as it closes, which a modal already open would take for a click outside it.
  const [chosen, setChosen] = useState<LatestUpdateLog | null>(null);
  useEffect(() => {
    void service.get();
  }, [service]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) void service.get();
      }}
      onExitComplete={() => {
        if (!chosen) return;
        showModal(`recent-update:${chosen.id}`, (dialog) => <UpdateLogDialog {...dialog} log={chosen} />);
        setChosen(null);
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px={{ base: '1.5', md: '2.5' }}
          minW={{ base: '8', sm: '9' }}
          position="relative"
          aria-label={unread.length ? `最近更新（${unread.length} 条未读）` : '最近更新'}
          data-testid="recent-updates-trigger"
        >
          <Sparkles size={18} />
          <Text as="span" display={{ base: 'none', lg: 'inline' }}>
            最近更新
          </Text>
          {unread.length > 0 && (
            <Badge
              position={{ base: 'absolute', lg: 'static' }}
              top="0"
              right="0"
              colorPalette="red"
              variant="solid"
              rounded="full"
              minW="4"
              h="4"
              px="1"
              fontSize="2xs"
              justifyContent="center"
              data-testid="recent-updates-unread"
            >
              {unread.length}
            </Badge>
          )}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 1.5rem)', sm: '22rem' }} data-testid="recent-updates">
            <Popover.Arrow />
            <Popover.Body p="0">
              <HStack justify="space-between" px="4" pt="3" pb="2">
                <Text fontWeight="semibold">最近更新</Text>
                {unread.length > 0 && (
                  <Text fontSize="xs" color="gray.500">
                    {unread.length} 条未读
                  </Text>
                )}
              </HStack>
              {logs.length === 0 ? (
                <Text px="4" pb="4" fontSize="sm" color="gray.500" data-testid="recent-updates-empty">
                  暂无更新日志
                </Text>
              ) : (
                <Stack as="ul" gap="0" maxH="22rem" overflowY="auto" listStyleType="none">
                  {logs.map((log) => {
                    const isUnread = unread.includes(log.id);
                    return (
                      <Box as="li" key={log.id} borderTopWidth="1px">
                        <Button
                          variant="ghost"
                          w="full"
                          h="auto"
                          py="2.5"
                          px="4"
                          rounded="none"
                          justifyContent="flex-start"
                          textAlign="left"
                          fontWeight="normal"
                          onClick={() => {
                            setChosen(log);
                            setOpen(false);
                            markRead(service, log, isUnread);
                          }}
                          data-testid="recent-update"
                          data-unread={isUnread || undefined}
                        >
                          <Stack gap="0.5" flex="1" minW="0">
                            <HStack gap="2" minW="0">
                              {isUnread && <Circle size="2" bg="red.500" flexShrink={0} aria-hidden data-testid="recent-update-dot" />}
                              <Text truncate fontWeight={isUnread ? 'semibold' : 'normal'}>
                                {log.title}
                              </Text>
                              {isUnread && <VisuallyHidden>（未读）</VisuallyHidden>}
                            </HStack>
                            <Text fontSize="xs" color="gray.500">
                              {versionLabel(log.version)} · {formatDate(log.date)}
                            </Text>
                          </Stack>
                        </Button>
                      </Box>
                    );
                  })}
                </Stack>
              )}
              <Box borderTopWidth="1px" px="4" py="2" textAlign="right">
                <Button asChild size="xs" variant="ghost" colorPalette="blue" onClick={() => setOpen(false)}>
                  <Link to="/dash/system/update-logs">全部更新日志</Link>
                </Button>
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
