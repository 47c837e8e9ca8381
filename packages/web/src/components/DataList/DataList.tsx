import type { Paginated } from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconFilter, IconLink, IconSearch } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { csvExportUrl } from '../../api/client';
import { useSearchText } from '../../lib/debounce';
import { useIsLargeScreen } from '../../lib/media';
import { csvColumnsOf, type DataColumn, DataTable, type DataTableProps } from '../DataTable/DataTable';
import { DataListPagination } from './DataListPagination';
import { linkedBaseQuery } from './data-list-read';
import { type UseDataListOptions, useDataList } from './use-data-list';

// The filters' fields (date pickers, multi-selects) are loaded when 'Filtres' is first opened: a list shown without
// them, as most are, does not wait for their code.
const loadFilterField = () => import('./FilterField');
const FilterField = lazy(() => loadFilterField().then((module) => ({ default: module.FilterField })));

export type DataListProps<T> = UseDataListOptions &
  Pick<DataTableProps<T>, 'getRowHref' | 'onRowClick' | 'rowActions' | 'getRowKey'> & {
    columns: DataColumn<T>[];
    /** Accessible name of the table (e.g. 'Ballons'). */
    label?: string;
    /** Shows a search box sending `search` (3 characters at least, 200 ms after the last keystroke). */
    isSearchable?: boolean;
    searchPlaceholder?: string;
    /** Buttons beside the search and filters, e.g. the screen's 'Ajouter'. */
    toolbar?: ReactNode;
    /** Under the table, with the current page (e.g. sums asked with baseQuery.sum). */
    footer?: (page: Paginated<T>) => ReactNode;
  };

/**
 * Data list: filters, ordering, pagination over GET {endpoint}. The state lives in the
 * list reducer (lib/list-state); this view only renders it. To refresh it after a save, invalidate its entity
 * (useInvalidate()('balloons')).
 */
export function DataList<T>({
  endpoint,
  filters = [],
  baseQuery,
  storageKey,
  defaultOrder,
  initialFilters,
  columns,
  label,
  isSearchable = false,
  searchPlaceholder = 'Rechercher...',
  toolbar,
  footer,
  ...tableProps
}: DataListProps<T>) {
  // A link may narrow the list with ?filters=... (and name it with ?filter_label=...): added to the screen's fixed
  // filters, shown above the table, removed by 'Voir toute la liste'.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkFiltersText = searchParams.get('filters');
  const linkLabel = searchParams.get('filter_label');
  const linkedQuery = useMemo(() => linkedBaseQuery(baseQuery, linkFiltersText), [baseQuery, linkFiltersText]);
  const list = useDataList<T>({
    endpoint,
    filters,
    baseQuery: linkedQuery,
    storageKey,
    defaultOrder,
    initialFilters,
  });
  const { state, dispatch } = list;
  const isLarge = useIsLargeScreen();
  const [searchInput, setSearchInput] = useState('');
  const search = useSearchText(searchInput);
  const [areFiltersOpen, setFiltersOpen] = useState(false);
  // The filter fields (a select each, with its dropdown) are drawn on the first opening, then kept so that they fold
  // away with their animation: a phone opening a list does not build fields it may never show.
  const [haveFiltersOpened, setFiltersOpened] = useState(false);

  useEffect(() => {
    dispatch({ type: 'setSearch', search });
  }, [search, dispatch]);

  const sortableColumns = columns.filter((column) => column.sortField);
  const current = state.order[0];
  const exportColumns = useMemo(() => csvColumnsOf(columns), [columns]);
  // Every row of the current filters, search and order (not only this page), as a French spreadsheet reads it.
  const exportButton = exportColumns.length > 0 && (list.page?.count ?? 0) > 0 && (
    <Button
      component="a"
      href={csvExportUrl(endpoint, list.query, exportColumns)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      title={`Exporter les ${list.page?.count} lignes en CSV`}
    >
      Exporter
    </Button>
  );

  return (
    <Stack gap="md">
      {(isSearchable || filters.length > 0 || toolbar || exportButton || (!isLarge && sortableColumns.length > 0)) && (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="sm" align="flex-end">
            {isSearchable && (
              <TextInput
                aria-label="Rechercher"
                placeholder={searchPlaceholder}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={searchInput}
                onChange={(event) => setSearchInput(event.currentTarget.value)}
                // Never narrower than its placeholder ('Libellé ou immatriculation...' at 800 px): about 1ch a
                // character, plus the icon's section and the padding.
                w={`max(${isLarge ? 280 : 220}px, calc(${searchPlaceholder.length}ch + 3.5rem))`}
              />
            )}
            {filters.length > 0 && (
              <Button
                variant={areFiltersOpen ? 'light' : 'default'}
                leftSection={<IconFilter size={16} aria-hidden />}
                rightSection={
                  list.activeFilterCount > 0 ? (
                    <Badge size="sm" circle aria-label={`${list.activeFilterCount} filtre(s) actif(s)`}>
                      {list.activeFilterCount}
                    </Badge>
                  ) : null
                }
                aria-expanded={areFiltersOpen}
                onPointerEnter={loadFilterField}
                onFocus={loadFilterField}
                onClick={() => {
                  setFiltersOpened(true);
                  setFiltersOpen((open) => !open);
                }}
              >
                Filtres
              </Button>
            )}
            {!isLarge && sortableColumns.length > 0 && (
              // Below 1024 px there are no column headers to click: ordering moves here.
              // A native select: the phone's or tablet's own picker, and no dropdown code (Mantine's Combobox and
              // its positioning) for the list's first screen to load and lay out.
              <NativeSelect
                label="Trier par"
                // Wide enough for its longest choice ('Achat / validité (décroissant)' was cut at 800 px).
                w={`max(220px, calc(${Math.max(...sortableColumns.map((column) => column.label.length)) + 14}ch + 2.5rem))`}
                value={current ? `${current.field}|${current.direction}` : ''}
                data={[
                  ...(current ? [] : [{ value: '', label: 'Ordre par défaut', disabled: true }]),
                  ...sortableColumns.flatMap((column) => [
                    { value: `${column.sortField}|ASC`, label: `${column.label} (croissant)` },
                    { value: `${column.sortField}|DESC`, label: `${column.label} (décroissant)` },
                  ]),
                ]}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  if (!value) return;
                  const [field, direction] = value.split('|') as [string, 'ASC' | 'DESC'];
                  dispatch({ type: 'sort', field, direction });
                }}
              />
            )}
          </Group>
          {(toolbar || exportButton) && (
            <Group gap="sm">
              {exportButton}
              {toolbar}
            </Group>
          )}
        </Group>
      )}
      {linkedQuery !== baseQuery && (
        <Alert variant="light" color="blue" icon={<IconLink size={18} aria-hidden />} p="xs">
          <Group justify="space-between" gap="sm">
            {`Liste filtrée : ${linkLabel || 'filtre du lien suivi'}`}
            <Button
              size="xs"
              variant="subtle"
              onClick={() =>
                setSearchParams((params) => {
                  params.delete('filters');
                  params.delete('filter_label');
                  return params;
                })
              }
            >
              Voir toute la liste
            </Button>
          </Group>
        </Alert>
      )}
      {filters.length > 0 && haveFiltersOpened && (
        <Collapse expanded={areFiltersOpen}>
          <Stack gap="sm">
            <Suspense fallback={<Loader size="sm" aria-label="Chargement des filtres" />}>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
                {filters.map((definition) => (
                  <FilterField
                    key={definition.id}
                    definition={definition}
                    values={state.filters}
                    onChange={(name, value) => dispatch({ type: 'setFilter', name, value })}
                  />
                ))}
              </SimpleGrid>
            </Suspense>
            <Group justify="flex-end">
              <Button
                variant="subtle"
                onClick={() => dispatch({ type: 'resetFilters' })}
                disabled={list.activeFilterCount === 0}
              >
                Réinitialiser les filtres
              </Button>
            </Group>
          </Stack>
        </Collapse>
      )}
      <DataTable<T>
        {...tableProps}
        label={label}
        columns={columns}
        rows={list.rows}
        isLoading={list.isLoading}
        order={state.order}
        onSort={(field) => dispatch({ type: 'sort', field })}
      />
      {list.page && footer?.(list.page)}
      <DataListPagination
        page={state.page}
        pageCount={list.pageCount}
        onChange={(page) => dispatch({ type: 'setPage', page })}
      />
    </Stack>
  );
}
