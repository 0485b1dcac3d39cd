import { HStack, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One column: its header, what each row shows in it, and the cells' props (alignment, where it hides). */
export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  headerProps?: Table.ColumnHeaderProps;
  cellProps?: Table.CellProps;
  /** Props that depend on the row (a title to hover, a test id). */
  cellPropsOf?: (row: T) => Table.CellProps & { 'data-testid'?: string };
};

/** The lists' table: a header row on grey, one row per item; the page declares only its columns. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
  nowrap = false,
  interactive = false,
  scrollProps,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  rowProps?: (row: T) => Table.RowProps & { 'data-testid'?: string };
  testId: string;
  /** Keep every cell on one line (the console's wide tables scroll instead). */
  nowrap?: boolean;
  interactive?: boolean;
  scrollProps?: Table.ScrollAreaProps;
}) {
  return (
    <Table.ScrollArea {...scrollProps}>
      <Table.Root
        size="sm"
        data-testid={testId}
        interactive={interactive || undefined}
        css={nowrap ? { '& th, & td': { whiteSpace: 'nowrap' } } : undefined}
      >
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} {...c.headerProps}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={rowKey(row, i)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <Table.Cell key={c.key} {...c.cellProps} {...c.cellPropsOf?.(row)}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The last column: a row's actions (links and row-action buttons), on the right. */
export function actionsColumn<T>(actions: (row: T) => ReactNode): Column<T> {
  return {
    key: 'actions',
    header: '操作',
    headerProps: { textAlign: 'end' },
    cellProps: { textAlign: 'end' },
    cell: (row) => (
      <HStack gap="1" justify="flex-end">
        {actions(row)}
      </HStack>
    ),
  };
}
