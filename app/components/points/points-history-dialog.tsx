import { Box, Button, Center, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { pointsToCents } from '../../../contracts/constants';
import type { PointsHistoryPage } from '../../../contracts/points';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { refreshPoints } from '~/hooks/use-points-balance';
import { ACCOUNT_ROUTES } from '~/services/navigation';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { POINTS_HISTORY_PAGE_SIZE } from '~/services/points';
import { HistoryPager, PointsHistoryTable } from './points-history-table';

export const POINTS_HISTORY_ERROR = '获取积分明细失败';

/** Nothing yet: the same words in the modal and on the page. */
export function PointsHistoryEmpty() {
  return (
    <EmptyState.Root size="sm" borderWidth="1px" rounded="md" bg="white" data-testid="points-history-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <ReceiptText />
        </EmptyState.Indicator>
        <EmptyState.Title>暂无积分明细</EmptyState.Title>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The answer for one request (`key` = page and attempt); a different key than the current one means loading. */
type Result = { key: string; data: PointsHistoryPage | null; failed: boolean };

/** The header's points-history modal (spec §2): a table of the ledger, 10 per page. */
export function PointsHistoryDialog({
  open,
  onOpenChange,
  balance,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The balance the header shows: a newer entry than it knows means it is stale. */
  balance: number;
}) {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const key = `${page}:${attempt}`;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    resourceFetch<PointsHistoryPage>(`user/points-history?page=${page}&pageSize=${POINTS_HISTORY_PAGE_SIZE}`, {
      signal: controller.signal,
    }).then(
      (data) => setResult({ key, data, failed: false }),
      () => {
        if (!controller.signal.aborted) setResult({ key, data: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [open, page, key]);

  const loading = result?.key !== key;
  // While the next page loads, the current one stays visible (dimmed).
  const data = result?.data ?? null;
  const failed = !loading && !!result?.failed;

  // The newest entry carries the balance after it: when the header shows another, it refetches
  // (once per entry, through the points refresher).
  const newest = !loading && page === 1 ? data?.items[0] : undefined;
  useEffect(() => {
    if (newest && pointsToCents(newest.balanceAfter) !== pointsToCents(balance)) refreshPoints(`ledger:${newest.id}`);
  }, [newest, balance]);

  const changeOpen = (next: boolean) => {
    if (!next) {
      // The next opening starts again from the newest entries.
      setPage(1);
      setResult(null);
    }
    onOpenChange(next);
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => changeOpen(e.open)}
      size="xl"
      scrollBehavior="inside"
      contentProps={{
        mx: { base: '3', md: 'auto' },
        my: { base: '4', md: '16' },
        maxH: { base: 'calc(100% - 2rem)', md: 'calc(100% - 8rem)' },
      }}
      title="积分明细"
      testId="points-history-dialog"
      cancelText="关闭"
      footer={
        <Button asChild variant="ghost" colorPalette="blue">
          <Link to={ACCOUNT_ROUTES.pointsHistory} onClick={() => changeOpen(false)}>
            查看全部明细
          </Link>
        </Button>
      }
    >
      <Stack gap="0" aria-busy={loading} minH="40">
        {failed ? (
          <Stack gap="3" align="flex-start" data-testid="points-history-error">
            <FormAlert>{POINTS_HISTORY_ERROR}</FormAlert>
            <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              重试
            </Button>
          </Stack>
        ) : !data ? (
          <Center py="12" data-testid="points-history-loading">
            <Spinner color="blue.500" />
            <Text ml="3" color="gray.600" fontSize="sm">
              加载中…
            </Text>
          </Center>
        ) : data.total === 0 ? (
          <PointsHistoryEmpty />
        ) : (
          <Box position="relative">
            <Box opacity={loading ? 0.5 : 1} transition="opacity 0.15s">
              <PointsHistoryTable items={data.items} />
            </Box>
            {loading && (
              <Center position="absolute" inset="0">
                <Spinner color="blue.500" />
              </Center>
            )}
            <HistoryPager page={page} pageSize={POINTS_HISTORY_PAGE_SIZE} total={data.total} onPage={setPage} />
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}
