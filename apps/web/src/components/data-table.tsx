import { Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryBoundary } from './query-boundary.tsx';

/** One column of a `DataTable`: its heading and what each row shows in it. */
export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures are right-aligned, so their digits line up. */
  numeric?: boolean;
  width?: number;
  monospace?: boolean;
};

/**
 * A table drawn from its columns: striped, scrolling sideways on a narrow screen from `minWidth`,
 * named for assistive technology by `label`, and marked busy while its rows are fetched again.
 */
type DataTableProps<Row> = {
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  minWidth: number;
  busy?: boolean;
  highlightOnHover?: boolean;
};

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  minWidth,
  busy,
  highlightOnHover,
}: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} w={c.width}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined} ff={c.monospace ? 'monospace' : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One page of a list the server pages: its table, busy while another page is fetched, and `empty`
 * under the headings when nothing matches.
 */
export function PagedTable<Row>({
  query,
  loading,
  empty,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'busy'> & {
  query: UseQueryResult<{ data: Row[]; total: number }>;
  /** What is loading, for assistive technology: "Loading orders". */
  loading: string;
  empty: ReactNode;
}) {
  return (
    <QueryBoundary query={query} loading={loading}>
      {(page) => (
        <>
          <DataTable {...table} rows={page.data} busy={query.isFetching} />
          {page.total === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {empty}
            </Text>
          )}
        </>
      )}
    </QueryBoundary>
  );
}
