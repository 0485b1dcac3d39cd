import type { ComponentProps } from 'react';
import { ConsoleSection } from '~/components/console/console-section';
import { DataTable, type Column } from '~/components/list-page/data-table';
import { ListEmptyState } from '~/components/list-page/list-empty';
import { HistoryPager } from '~/components/points/points-history-table';

type TableProps<T> = ComponentProps<typeof DataTable<T>>;

/**
 * A console page's list: a card with its heading, the empty state or the table (one line a cell,
 * scrolling sideways), and the pager when the list has pages.
 */
export function ConsoleList<T>({
  title,
  empty,
  pager,
  ...table
}: {
  title: string;
  empty: ComponentProps<typeof ListEmptyState>;
  pager?: ComponentProps<typeof HistoryPager>;
  columns: Column<T>[];
} & Omit<TableProps<T>, 'columns' | 'nowrap' | 'scrollProps'>) {
  return (
    <ConsoleSection title={title}>
      {table.rows.length === 0 ? (
        <ListEmptyState {...empty} />
      ) : (
        <DataTable {...table} nowrap scrollProps={{ borderWidth: '1px', rounded: 'md' }} />
      )}
      {pager && pager.total > 0 && <HistoryPager {...pager} />}
    </ConsoleSection>
  );
}
