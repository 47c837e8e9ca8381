import { MESSAGES, type OrderItem } from '@app/domain';
import {
  Box,
  Group,
  LoadingOverlay,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useIsLargeScreen } from '../../lib/media';

export type DataColumn<T> = {
  /** Column header; inside each cell on medium and smaller screens. */
  label: string;
  /** A field of the row, or a dotted path into embedded records ('location.label'). */
  field?: string;
  /** Cell content; wins over field. */
  render?: (row: T) => ReactNode;
  /** @default 'left' */
  align?: 'left' | 'right';
  /** The query field this column orders by; absent when the column cannot be ordered. */
  sortField?: string;
  /** Stable key when two columns share a label. @default field ?? label */
  key?: string;
  /**
   * What the list's CSV export writes for this column: a field path, or several [header, path] columns (a cell
   * showing two values); false leaves it out. @default field ?? sortField (a column with neither is left out)
   */
  csv?: string | [string, string][] | false;
};

/** The [header, field path] pairs a list's CSV export asks the server for (GET {endpoint}?format=csv). */
export function csvColumnsOf<T>(columns: readonly DataColumn<T>[]): [string, string][] {
  return columns.flatMap((column): [string, string][] => {
    if (column.csv === false) return [];
    if (Array.isArray(column.csv)) return column.csv;
    const path = column.csv ?? column.field ?? column.sortField;
    return path ? [[column.label, path]] : [];
  });
}

export type DataTableProps<T> = {
  columns: DataColumn<T>[];
  rows: T[];
  isLoading?: boolean;
  /** Accessible name of the table (e.g. 'Ballons'). */
  label?: string;
  /** @default row.id, else the index */
  getRowKey?: (row: T, index: number) => string | number;
  /** A row leads to this route on click or Enter; Ctrl/⌘-click opens it in a new tab. */
  getRowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Buttons at the end of each row (edit, delete...). Their clicks do not reach the row. */
  rowActions?: (row: T) => ReactNode;
  order?: OrderItem[];
  onSort?: (field: string) => void;
};

export function readField(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function cellContent<T>(column: DataColumn<T>, row: T, empty: ReactNode = ''): ReactNode {
  if (column.render) return column.render(row);
  if (!column.field) return null;
  const value = readField(row, column.field);
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The mark of a value the record does not have, as every list shows it (dimmed, so that values stand out). */
export function EmptyValue() {
  return (
    <Text span inherit c="dimmed">
      —
    </Text>
  );
}

const EMPTY_IN_CARD = <EmptyValue />;

const columnKey = <T,>(column: DataColumn<T>) => column.key ?? column.field ?? column.label;

const defaultRowKey = (row: unknown, index: number): string | number => {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
};

// Clicks on a row's own buttons, links and inputs are theirs, not the row's.
const isFromControl = (event: MouseEvent | KeyboardEvent) =>
  event.target instanceof Element &&
  event.target !== event.currentTarget &&
  event.target.closest('a, button, input, select, textarea, [role="menuitem"]') !== null;

function SortIcon({ direction }: { direction: 'ASC' | 'DESC' | null }) {
  if (direction === 'ASC') return <IconSortAscending size={14} aria-hidden />;
  if (direction === 'DESC') return <IconSortDescending size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
}

/**
 * Table. Large screens (≥ 1024 px): a table with column headers. Medium and smaller: one card per row,
 * each cell carrying its column label, readable down to tablet portrait.
 */
export function DataTable<T>({
  columns,
  rows,
  isLoading = false,
  label,
  getRowKey = defaultRowKey,
  getRowHref,
  onRowClick,
  rowActions,
  order = [],
  onSort,
}: DataTableProps<T>) {
  const isLarge = useIsLargeScreen();
  const navigate = useNavigate();
  const isClickable = Boolean(getRowHref || onRowClick);
  const currentOrder = order[0];

  const activate = (row: T, event: MouseEvent | KeyboardEvent) => {
    if (isFromControl(event)) return;
    if (onRowClick) onRowClick(row);
    const href = getRowHref?.(row);
    if (!href) return;
    if ('button' in event && (event.ctrlKey || event.metaKey || event.button === 1)) {
      window.open(href, '_blank', 'noopener');
      return;
    }
    navigate(href);
  };
  const rowHandlers = (row: T) =>
    isClickable
      ? {
          tabIndex: 0,
          style: { cursor: 'pointer' },
          onClick: (event: MouseEvent) => activate(row, event),
          onAuxClick: (event: MouseEvent) => activate(row, event),
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter') activate(row, event);
          },
        }
      : {};

  const isEmpty = !isLoading && rows.length === 0;
  const showSkeleton = isLoading && rows.length === 0;

  if (!isLarge) {
    return (
      <Box pos="relative" mih={showSkeleton ? 120 : undefined}>
        <LoadingOverlay visible={isLoading && rows.length > 0} zIndex={10} overlayProps={{ blur: 1 }} />
        {isEmpty && (
          <Text c="dimmed" ta="center" py="lg">
            {MESSAGES.noData}
          </Text>
        )}
        {showSkeleton && (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={72} />
            <Skeleton height={72} />
            <Skeleton height={72} />
          </Stack>
        )}
        {rows.length > 0 && (
          <Stack
            component="ul"
            gap="sm"
            aria-label={label}
            aria-busy={isLoading}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {rows.map((row, index) => (
              <Paper component="li" key={getRowKey(row, index)} withBorder p="sm" radius="md" {...rowHandlers(row)}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
                  {columns.map((column) => (
                    // Label-above-value cards read best left-aligned; column alignment matters in the table only.
                    <Box key={columnKey(column)} ta="left" data-label={column.label}>
                      <Text size="xs" c="dimmed" fw={500}>
                        {column.label}
                      </Text>
                      {/* Under its label an empty value reads as a fault: a dash says there is none. */}
                      <Box fz="sm">{cellContent(column, row, EMPTY_IN_CARD)}</Box>
                    </Box>
                  ))}
                </SimpleGrid>
                {rowActions && (
                  <Group justify="flex-end" gap="xs" mt="xs">
                    {rowActions(row)}
                  </Group>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Box>
    );
  }

  const columnCount = columns.length + (rowActions ? 1 : 0);
  return (
    <Box pos="relative">
      <LoadingOverlay visible={isLoading && rows.length > 0} zIndex={10} overlayProps={{ blur: 1 }} />
      <Table.ScrollContainer minWidth={600}>
        <Table highlightOnHover={isClickable} verticalSpacing="sm" aria-label={label} aria-busy={isLoading}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const direction =
                  column.sortField && currentOrder?.field === column.sortField ? currentOrder.direction : null;
                const sortField = column.sortField;
                return (
                  <Table.Th
                    key={columnKey(column)}
                    ta={column.align ?? 'left'}
                    aria-sort={direction === 'ASC' ? 'ascending' : direction === 'DESC' ? 'descending' : undefined}
                    // The whole cell sorts, not only its label: the button's own clicks (mouse, Enter, Space) bubble
                    // up to here, so each sorts once; the button stays for the keyboard and screen readers.
                    onClick={sortField && onSort ? () => onSort(sortField) : undefined}
                    style={sortField && onSort ? { cursor: 'pointer', userSelect: 'none' } : undefined}
                  >
                    {sortField && onSort ? (
                      <UnstyledButton fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
                          {column.label}
                          <SortIcon direction={direction} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                );
              })}
              {rowActions && (
                <Table.Th ta="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isEmpty && (
              <Table.Tr>
                <Table.Td colSpan={columnCount} ta="center" c="dimmed" py="lg">
                  {MESSAGES.noData}
                </Table.Td>
              </Table.Tr>
            )}
            {showSkeleton &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i}>
                  {Array.from({ length: columnCount }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
                    <Table.Td key={j}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {rows.map((row, index) => (
              <Table.Tr key={getRowKey(row, index)} {...rowHandlers(row)}>
                {columns.map((column) => (
                  <Table.Td key={columnKey(column)} ta={column.align ?? 'left'}>
                    {cellContent(column, row)}
                  </Table.Td>
                ))}
                {rowActions && (
                  <Table.Td ta="right">
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {rowActions(row)}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
