import { Badge, Box, Button, Field, Flex, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Page } from '~/components/page';
import { notifyError } from '~/services/toasts';
import { realtimeClient, useRealtime, type LogEntry } from '~/hooks/use-realtime';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';
import type { SocketState } from '~/services/realtime-client';

export const meta: MetaFunction = () => [{ title: pageTitle('实时连接测试') }];

export const loader = sessionOnlyLoader;

const STATE_LABELS: Record<SocketState, { label: string; palette: string }> = {
  disconnected: { label: '未连接', palette: 'gray' },
  connecting: { label: '连接中', palette: 'blue' },
  connected: { label: '已连接', palette: 'green' },
  reconnecting: { label: '重新连接中', palette: 'orange' },
};

const clockTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const logTime = (at: number) => `${clockTime.format(at)}.${String(at % 1000).padStart(3, '0')}`;

function Direction({ entry }: { entry: LogEntry }) {
  const out = entry.direction === 'out';
  return (
    <HStack gap="1" color={out ? 'blue.600' : 'green.700'} whiteSpace="nowrap">
      {out ? <ArrowUpRight size={14} aria-hidden /> : <ArrowDownLeft size={14} aria-hidden />}
      <Text as="span">{out ? '发送' : '接收'}</Text>
    </HStack>
  );
}

/**
 * /dash/websocket-test (spec §2): the tab's realtime socket as it is, for support and testing: its
 * state, every message both ways (newest first), and buttons to send PING, AUTH with a fresh
 * ticket, and to listen to an order's payment status or stop.
 */
export default function WebsocketTest() {
  const { state, log, send, sendAuth, clearLog } = useRealtime();
  const connected = state === 'connected';
  const { label, palette } = STATE_LABELS[state];

  const reportUnsent = (ok: boolean) => {
    if (!ok) notifyError('发送失败', '连接未建立，请稍后再试');
  };

  return (
    <Page title="实时连接测试" description="查看本页的实时连接状态与收发的消息，手动发送心跳、认证或订单状态监听。" maxW="6xl">
      <Stack gap="5">
        <Flex
          bg="white"
          borderWidth="1px"
          rounded="xl"
          p={{ base: '4', md: '5' }}
          gap="4"
          direction={{ base: 'column', lg: 'row' }}
          align={{ lg: 'center' }}
          justify="space-between"
        >
          <HStack gap="3">
            <Text fontWeight="medium">连接状态</Text>
            <Badge size="lg" colorPalette={palette} data-testid="ws-state" data-state={state}>
              {label}
            </Badge>
          </HStack>
          <HStack gap="2" flexWrap="wrap">
            {state === 'disconnected' && (
              <Button size="sm" variant="outline" onClick={() => realtimeClient().connect()} data-testid="ws-connect">
                连接
              </Button>
            )}
            <Button size="sm" colorPalette="blue" disabled={!connected} onClick={() => reportUnsent(send('PING'))} data-testid="ws-ping">
              发送 PING
            </Button>
            <Button
              size="sm"
              colorPalette="blue"
              variant="outline"
              disabled={!connected}
              onClick={() => void sendAuth().then(reportUnsent)}
              data-testid="ws-auth"
            >
              发送 AUTH（新票据）
            </Button>
            <Button size="sm" variant="ghost" onClick={clearLog} data-testid="ws-clear">
              清空日志
            </Button>
          </HStack>
        </Flex>

        <OrderListen
          connected={connected}
          onListen={(order) => reportUnsent(send('PAYMENT_STATUS_LISTEN', { orderNo: order }))}
          onStop={(order) => reportUnsent(send('PAYMENT_STATUS_LISTEN_STOP', { orderNo: order }))}
        />
        <MessageLog log={log} />
      </Stack>
    </Page>
  );
}

/** Listening to an order's payment status, or stopping. */
function OrderListen({
  connected,
  onListen,
  onStop,
}: {
  connected: boolean;
  onListen: (orderNo: string) => void;
  onStop: (orderNo: string) => void;
}) {
  const [orderNo, setOrderNo] = useState('');
  const order = orderNo.trim();
  const listen = (event: FormEvent) => {
    event.preventDefault();
    if (order) onListen(order);
  };
  return (
    <Box as="form" onSubmit={listen} bg="white" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
        <Field.Root flex="1">
          <Field.Label>订单号</Field.Label>
          <Input
            value={orderNo}
            onChange={(e) => setOrderNo(e.target.value)}
            placeholder="输入要监听支付状态的订单号"
            maxLength={64}
            data-testid="ws-order"
          />
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" size="md" colorPalette="blue" disabled={!connected || !order} data-testid="ws-listen">
            监听订单
          </Button>
          <Button size="md" variant="outline" disabled={!connected || !order} onClick={() => onStop(order)} data-testid="ws-listen-stop">
            停止监听
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}

/** Every message both ways, newest first: a table, or one card per message on phones. */
function MessageLog({ log }: { log: LogEntry[] }) {
  return (
    <Box bg="white" borderWidth="1px" rounded="xl" overflow="hidden">
      <Flex px={{ base: '4', md: '5' }} py="3" borderBottomWidth="1px" justify="space-between" align="center">
        <Text fontWeight="medium">消息日志</Text>
        <Text fontSize="sm" color="gray.500">
          共 {log.length} 条，最新在上
        </Text>
      </Flex>
      {log.length === 0 ? (
        <Text px="5" py="8" textAlign="center" color="gray.500" data-testid="ws-log-empty">
          暂无消息
        </Text>
      ) : (
        <>
          <Table.ScrollArea maxH="32rem" hideBelow="md">
            <Table.Root size="sm" stickyHeader data-testid="ws-log">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="8.5rem">时间</Table.ColumnHeader>
                  <Table.ColumnHeader w="5rem">方向</Table.ColumnHeader>
                  <Table.ColumnHeader w="13rem">类型</Table.ColumnHeader>
                  <Table.ColumnHeader>数据</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {log.map((entry) => (
                  <Table.Row key={entry.id} data-testid="ws-log-row" data-direction={entry.direction} data-type={entry.type}>
                    <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap" color="gray.600">
                      {logTime(entry.at)}
                    </Table.Cell>
                    <Table.Cell>
                      <Direction entry={entry} />
                    </Table.Cell>
                    <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                      {entry.type}
                    </Table.Cell>
                    <Table.Cell fontFamily="mono" fontSize="xs" color="gray.700" wordBreak="break-all" minW="12rem">
                      {entry.text || '—'}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {/* Below 768 px: one card per message instead of a table wider than the screen. */}
          <Stack as="ol" gap="0" hideFrom="md" maxH="32rem" overflowY="auto" listStyleType="none">
            {log.map((entry) => (
              <Box as="li" key={entry.id} px="4" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} fontSize="sm">
                <HStack gap="3" justify="space-between">
                  <Direction entry={entry} />
                  <Text fontFamily="mono" fontSize="xs" fontWeight="semibold" truncate>
                    {entry.type}
                  </Text>
                  <Text fontVariantNumeric="tabular-nums" fontSize="xs" color="gray.500" flexShrink={0}>
                    {logTime(entry.at)}
                  </Text>
                </HStack>
                {entry.text && (
                  <Text mt="1" fontFamily="mono" fontSize="xs" color="gray.700" wordBreak="break-all">
                    {entry.text}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
