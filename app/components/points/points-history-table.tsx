import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  POINTS_SOURCE_LABELS,
  POINTS_STATUS_LABELS,
  POINTS_TYPE_LABELS,
  pointsToCents,
  type PointsStatus,
} from '../../../contracts/constants';
import type { PointsHistoryItem } from '../../../contracts/points';
import { formatDateTime } from '~/services/dates';
import { signedPoints } from '~/services/points';

const STATUS_COLORS: Record<PointsStatus, string> = { pending: 'orange', success: 'green', failed: 'red', cancelled: 'gray' };

/** 说明: the entry's description, the length of the AI output it paid for, and why a failed operation failed. */
function describe(item: PointsHistoryItem): string[] {
  const lines: string[] = [];
  if (item.metadata.description) lines.push(item.metadata.description);
  const chars = item.metadata.text_stats?.output?.chars;
  if (typeof chars === 'number') lines.push(`输出 ${chars.toLocaleString('en-US')} 字`);
  if (item.aiOperation?.error_message) lines.push(`失败原因：${item.aiOperation.error_message}`);
  return lines;
}

const pointsColor = (points: number) => {
  const cents = pointsToCents(points);
  return cents > 0 ? 'green.600' : cents < 0 ? 'red.600' : 'gray.600';
};

const StatusBadge = ({ status }: { status: PointsStatus }) => (
  <Badge colorPalette={STATUS_COLORS[status]} variant="subtle">
    {POINTS_STATUS_LABELS[status]}
  </Badge>
);

/**
 * Spec §3 points history items: a table from 768 px, one card per entry below it (six columns do
 * not fit a phone). The same component in the header's modal and on /dash/points-history.
 */
export function PointsHistoryTable({ items }: { items: PointsHistoryItem[] }) {
  return (
    <>
      <Stack gap="0" hideFrom="md" borderWidth="1px" rounded="md" bg="white" divideY="1px" data-testid="points-history-cards">
        {items.map((item) => {
          const notes = describe(item);
          return (
            <Box key={item.id} px="3" py="2.5" data-testid="points-history-card">
              <HStack justify="space-between" gap="3">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {POINTS_SOURCE_LABELS[item.source]}
                </Text>
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" color={pointsColor(item.points)} flexShrink={0}>
                  {signedPoints(item.points)}
                </Text>
              </HStack>
              <HStack gap="2" mt="1" fontSize="xs" color="gray.500" flexWrap="wrap">
                <Text fontVariantNumeric="tabular-nums">{formatDateTime(item.createdAt)}</Text>
                <Text>{POINTS_TYPE_LABELS[item.type]}</Text>
                <StatusBadge status={item.status} />
              </HStack>
              {notes.map((line) => (
                <Text key={line} fontSize="xs" color="gray.600" mt="1">
                  {line}
                </Text>
              ))}
            </Box>
          );
        })}
      </Stack>
      <PointsHistoryRows items={items} />
    </>
  );
}

function PointsHistoryRows({ items }: { items: PointsHistoryItem[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="white" hideBelow="md">
      <Table.Root size="sm" data-testid="points-history-table">
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader whiteSpace="nowrap">时间</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">类型</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">来源</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap" textAlign="end">
              积分
            </Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">状态</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap" minW="40">
              说明
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => {
            const notes = describe(item);
            return (
              <Table.Row key={item.id} data-testid="points-history-row">
                <Table.Cell whiteSpace="nowrap" color="gray.600" fontVariantNumeric="tabular-nums">
                  {formatDateTime(item.createdAt)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{POINTS_TYPE_LABELS[item.type]}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{POINTS_SOURCE_LABELS[item.source]}</Table.Cell>
                <Table.Cell
                  whiteSpace="nowrap"
                  textAlign="end"
                  fontWeight="semibold"
                  fontVariantNumeric="tabular-nums"
                  color={pointsColor(item.points)}
                  data-testid="points-history-points"
                >
                  {signedPoints(item.points)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <StatusBadge status={item.status} />
                </Table.Cell>
                <Table.Cell color="gray.600" fontSize="xs" minW="40">
                  {notes.length ? notes.map((line) => <Text key={line}>{line}</Text>) : '—'}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Page numbers to offer: the first, the last, and two either side of the current one. */
export function pageItems(page: number, totalPages: number): Array<number | 'gap'> {
  const shown = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? ['gap' as const, p] : [p]));
}

/**
 * Pagination for the history (and other lists: `label` and `testId` name it): links (`hrefFor`,
 * works without JavaScript) on the page, buttons (`onPage`) in the modal. Renders nothing for a
 * single page.
 */
export function HistoryPager({
  page,
  pageSize,
  total,
  hrefFor,
  onPage,
  label = '积分明细分页',
  testId = 'points-history-pager',
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor?: (page: number) => string;
  onPage?: (page: number) => void;
  label?: string;
  testId?: string;
}) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const control = (target: number, label: ReactNode, props: { ariaLabel: string; current?: boolean }) => {
    const disabled = target < 1 || target > totalPages;
    const common = {
      size: 'sm' as const,
      variant: props.current ? ('solid' as const) : ('outline' as const),
      colorPalette: props.current ? 'blue' : 'gray',
      minW: '8',
      px: '2',
      'aria-label': props.ariaLabel,
      'aria-current': props.current ? ('page' as const) : undefined,
    };
    if (disabled || props.current || !hrefFor) {
      return (
        <Button {...common} disabled={disabled} onClick={props.current || disabled ? undefined : () => onPage?.(target)}>
          {label}
        </Button>
      );
    }
    return (
      <Button {...common} asChild>
        <Link to={hrefFor(target)} preventScrollReset>
          {label}
        </Link>
      </Button>
    );
  };

  return (
    <HStack justify="space-between" flexWrap="wrap" gap="3" mt="4" as="nav" aria-label={label} data-testid={testId}>
      <Text fontSize="sm" color="gray.600">
        共 {total} 条，第 {Math.min(page, totalPages)}/{totalPages} 页
      </Text>
      {totalPages > 1 && (
        <HStack gap="1" flexWrap="wrap">
          {control(page - 1, <ChevronLeft size={16} />, { ariaLabel: '上一页' })}
          {pageItems(page, totalPages).map((item, i) =>
            item === 'gap' ? (
              <Box key={`gap-${i}`} px="1" color="gray.400" aria-hidden>
                …
              </Box>
            ) : (
              <Box key={item}>{control(item, item, { ariaLabel: `第 ${item} 页`, current: item === page })}</Box>
            ),
          )}
          {control(page + 1, <ChevronRight size={16} />, { ariaLabel: '下一页' })}
        </HStack>
      )}
    </HStack>
  );
}
