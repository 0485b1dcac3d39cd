import { Box, Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { HistoryPager } from '~/components/points/points-history-table';
import { DataTable, type Column } from '~/components/list-page/data-table';
import { ListEmptyState } from '~/components/list-page/list-empty';

type TableProps<T> = ComponentProps<typeof DataTable<T>>;

/**
 * A list page's results: the empty state when there is nothing, else (in a white card) the count,
 * the table and the pager. The page declares only its columns, its words and its links.
 */
export function ListTable<T>({
  total,
  empty,
  summary,
  pager,
  ...table
}: {
  total: number;
  /** The empty state's words (on the page's background, a card of its own). */
  empty: Omit<ComponentProps<typeof ListEmptyState>, 'framed'>;
  summary?: { text: string; testId: string };
  pager?: { page: number; pageSize: number; hrefFor: (page: number) => string; label: string; testId: string };
  columns: Column<T>[];
} & Omit<TableProps<T>, 'columns'>) {
  if (total === 0) return <ListEmptyState framed {...empty} />;
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '3', md: '4' }}>
      {summary && (
        <Text fontSize="sm" color="gray.600" mb="3" data-testid={summary.testId}>
          {summary.text}
        </Text>
      )}
      <DataTable {...table} />
      {pager && <HistoryPager total={total} {...pager} />}
    </Box>
  );
}
