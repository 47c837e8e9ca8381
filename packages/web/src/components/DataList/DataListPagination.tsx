import { PAGE_NUMBERS_LARGE, PAGE_NUMBERS_SMALL } from '@app/domain';
import { Group, Pagination } from '@mantine/core';
import { pageWindow } from '../../lib/list-state';
import { useIsLargeScreen } from '../../lib/media';

export type DataListPaginationProps = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
};

/** 5 page numbers on large screens, 3 on small, with first and last page shortcuts. */
export function DataListPagination({ page, pageCount, onChange }: DataListPaginationProps) {
  const isLarge = useIsLargeScreen();
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount, isLarge ? PAGE_NUMBERS_LARGE : PAGE_NUMBERS_SMALL);
  return (
    <Pagination.Root total={pageCount} value={page} onChange={onChange} size={isLarge ? 'md' : 'sm'}>
      <Group component="nav" aria-label="Pagination" gap={6} justify="center" wrap="nowrap">
        <Pagination.First aria-label="Première page" />
        <Pagination.Previous aria-label="Page précédente" />
        {pages.map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onChange(number)}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Page suivante" />
        <Pagination.Last aria-label="Dernière page" />
      </Group>
    </Pagination.Root>
  );
}
