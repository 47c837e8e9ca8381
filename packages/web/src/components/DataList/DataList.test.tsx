import { Button } from '@mantine/core';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInvalidate } from '../../api/hooks';
import type { FilterDefinition } from '../../lib/list-state';
import { renderWithProviders } from '../../test/render';
import type { DataColumn } from '../DataTable/DataTable';
import {
  type FakeAnswer,
  type FakeCall,
  fakeFetch,
  INTERACTION_SUITE,
  lastInputTime,
  pageOf,
  setScreenWidth,
  wait,
} from '../test-utils';
import { DataList, type DataListProps } from './DataList';

// The server is a fake `fetch` on globalThis (no network-mocking library is installed), answering list reads as
// the API documents them: {data, count, sum, prev, next}, 10 rows per page.

type Balloon = { id: number; label: string; volume: number };
const balloons: Balloon[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  label: `Ballon ${String(i + 1).padStart(2, '0')}`,
  volume: 2000 + i * 100,
}));
const locations = [
  { id: 1, label: 'Chambley' },
  { id: 2, label: 'Metz' },
];

const columns: DataColumn<Balloon>[] = [
  { label: 'Nom', field: 'label', sortField: 'label' },
  { label: 'Volume', field: 'volume', align: 'right', sortField: 'volume' },
];
const filters: FilterDefinition[] = [
  { id: 'label', label: 'Nom contient', type: 'text' },
  { id: 'location_id', label: 'Lieu', type: 'select', loader: { endpoint: '/api/locations', labelField: 'label' } },
];

function serve(call: FakeCall): FakeAnswer {
  if (call.url.pathname === '/api/locations') return { body: locations };
  const page = Number(call.url.searchParams.get('page') ?? 1);
  return { body: pageOf(balloons.slice((page - 1) * 10, page * 10), page, balloons.length) };
}

let fake: ReturnType<typeof fakeFetch>;
let restoreScreen = () => {};
const listCalls = () => fake.calls.filter((call) => call.url.pathname === '/api/balloons');
const lastListCall = () => listCalls().at(-1) as FakeCall;

beforeEach(() => {
  localStorage.clear();
  restoreScreen = setScreenWidth(1280);
});
afterEach(() => {
  fake.restore();
  restoreScreen();
  act(() => cleanNotifications());
  vi.restoreAllMocks();
});

function renderList(
  props: Partial<DataListProps<Balloon>> = {},
  answer: (call: FakeCall) => FakeAnswer = serve,
  route = '/',
) {
  fake = fakeFetch(answer);
  const view = renderWithProviders(
    <DataList<Balloon>
      label="Ballons"
      endpoint="/api/balloons"
      storageKey="balloons"
      columns={columns}
      filters={filters}
      baseQuery={{ embed: ['location'], filters: [{ field: 'is_archived', op: '=', value: '0' }] }}
      {...props}
    />,
    { route },
  );
  return { ...view, user: userEvent.setup({ delay: null }) };
}

describe('DataList', INTERACTION_SUITE, () => {
  it('adds the filters of the link it was opened by, and drops them on request', async () => {
    const route = `/?${new URLSearchParams({ filters: 'volume|>|3000', filter_label: 'Grands ballons' })}`;
    const { user } = renderList({}, serve, route);
    expect(await screen.findByText('Liste filtrée : Grands ballons')).toBeInTheDocument();
    await waitFor(() => expect(lastListCall().url.searchParams.get('filters')).toBe('is_archived|=|0,volume|>|3000'));
    await user.click(screen.getByRole('button', { name: 'Voir toute la liste' }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('filters')).toBe('is_archived|=|0'));
    expect(screen.queryByText(/Liste filtrée/)).not.toBeInTheDocument();
  });

  it('reads the first page with the base query and shows its rows', async () => {
    renderList();
    expect(await screen.findByText('Ballon 01')).toBeInTheDocument();
    expect(screen.getByText('Ballon 10')).toBeInTheDocument();
    expect(screen.queryByText('Ballon 11')).not.toBeInTheDocument();
    const params = lastListCall().url.searchParams;
    expect(params.get('page')).toBe('1');
    expect(params.get('embed')).toBe('location');
    expect(params.get('filters')).toBe('is_archived|=|0');
  });

  it('exports every row of the current filters and order as CSV, with the columns shown (not one page)', async () => {
    const { user } = renderList({
      columns: [
        ...columns,
        { label: 'Lieu', key: 'location', render: (b) => String(b.id), csv: 'location.label' },
        { label: 'Actions', key: 'actions', render: () => null },
        {
          label: 'Infos',
          key: 'infos',
          render: () => null,
          csv: [
            ['A', 'label'],
            ['B', 'volume'],
          ],
        },
      ],
    });
    await screen.findByText('Ballon 01');
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('page')).toBe('2'));
    const link = screen.getByRole('link', { name: 'Exporter' });
    expect(link).toHaveAttribute('download');
    const url = new URL(link.getAttribute('href') as string, window.location.href);
    expect(url.pathname).toBe('/api/balloons');
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('order')).toBe('volume|ASC');
    expect(url.searchParams.get('filters')).toBe('is_archived|=|0');
    expect(url.searchParams.get('embed')).toBe('location');
    expect(url.searchParams.has('page')).toBe(false);
    expect(JSON.parse(url.searchParams.get('columns') as string)).toEqual([
      ['Nom', 'label'],
      ['Volume', 'volume'],
      ['Lieu', 'location.label'],
      ['A', 'label'],
      ['B', 'volume'],
    ]);
  });

  it('orders by a column header, back to page 1, and remembers the order for the next visit', async () => {
    const { user, unmount } = renderList();
    await screen.findByText('Ballon 01');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('page')).toBe('3'));
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('order')).toBe('volume|ASC'));
    expect(lastListCall().url.searchParams.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Volume' }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('order')).toBe('volume|DESC'));
    unmount();
    fake.restore();

    renderList();
    await screen.findByText('Ballon 01');
    expect(lastListCall().url.searchParams.get('order')).toBe('volume|DESC');
    expect(screen.getByRole('columnheader', { name: /Volume/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows 5 page numbers on large screens, with first and last shortcuts', async () => {
    const { user } = renderList();
    await screen.findByText('Ballon 01');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(nav).getByRole('button', { name: 'Dernière page' }));
    expect(await screen.findByText('Ballon 45')).toBeInTheDocument();
    expect(lastListCall().url.searchParams.get('page')).toBe('5');
    await user.click(within(nav).getByRole('button', { name: 'Première page' }));
    expect(await screen.findByText('Ballon 01')).toBeInTheDocument();
  });

  it('shows 3 page numbers below 1024 px', async () => {
    restoreScreen();
    restoreScreen = setScreenWidth(800);
    const { user } = renderList();
    await screen.findByText('Ballon 01');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Ballon 21');
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['2', '3', '4']);
  });

  it("orders from the phone's own picker below 1024 px, where no column header shows", async () => {
    restoreScreen();
    restoreScreen = setScreenWidth(390);
    const { user } = renderList();
    await screen.findByText('Ballon 01');
    const sort = screen.getByRole('combobox', { name: 'Trier par' });
    expect(sort.tagName).toBe('SELECT');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Ordre par défaut',
      'Nom (croissant)',
      'Nom (décroissant)',
      'Volume (croissant)',
      'Volume (décroissant)',
    ]);
    await user.selectOptions(sort, 'Volume (décroissant)');
    await waitFor(() => expect(lastListCall().url.searchParams.get('order')).toBe('volume|DESC'));
    expect(sort).toHaveValue('volume|DESC');
  });

  it('loads filter options per filter, filters with field|op|value, counts active filters, back to page 1', async () => {
    const { user } = renderList();
    await screen.findByText('Ballon 01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    await user.click(await screen.findByRole('combobox', { name: 'Lieu' }));
    await waitFor(() => {
      const optionsCall = fake.calls.find((call) => call.url.pathname === '/api/locations');
      expect(optionsCall?.url.searchParams.get('order')).toBe('label|ASC');
    });
    await user.click(await screen.findByRole('option', { name: 'Metz', hidden: true }));
    await waitFor(() => expect(lastListCall().url.searchParams.get('filters')).toBe('is_archived|=|0,location_id|=|2'));
    expect(lastListCall().url.searchParams.get('page')).toBe('1');
    expect(screen.getByLabelText('1 filtre(s) actif(s)')).toBeInTheDocument();
  });

  it('waits 100 ms after the last change before reading the list', async () => {
    const { user } = renderList();
    await screen.findByText('Ballon 01');
    const before = listCalls().length;
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    const box = await screen.findByRole('textbox', { name: 'Nom contient' });
    const lastInput = lastInputTime(box);
    await user.type(box, 'Ballon 4');
    await waitFor(() => expect(listCalls()).toHaveLength(before + 1));
    expect(lastListCall().at - lastInput()).toBeGreaterThanOrEqual(95);
    expect(lastListCall().url.searchParams.get('filters')).toBe('is_archived|=|0,label|like|~Ballon 4~');
    await wait(200);
    expect(listCalls()).toHaveLength(before + 1);
  });

  it('searches from 3 characters only', async () => {
    const { user } = renderList({ isSearchable: true });
    await screen.findByText('Ballon 01');
    const box = screen.getByRole('textbox', { name: 'Rechercher' });
    await user.type(box, 'Ba');
    await wait(400);
    expect(listCalls().every((call) => !call.url.searchParams.has('search'))).toBe(true);
    await user.type(box, 'l');
    await waitFor(() => expect(lastListCall().url.searchParams.get('search')).toBe('Bal'));
  });

  it("notifies 'Erreur de chargement de la liste de données' when the list cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList({}, (call) => (call.url.pathname === '/api/balloons' ? { status: 500, body: {} } : serve(call)));
    expect(await screen.findByText('Erreur de chargement de la liste de données')).toBeInTheDocument();
  });

  it("notifies 'Erreur de chargement : {filter id}' when a filter cannot load its options", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderList({}, (call) =>
      call.url.pathname === '/api/locations' ? { status: 500, body: {} } : serve(call),
    );
    // Options load when the filters are shown, not for every visit of the list.
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    expect(await screen.findByText('Erreur de chargement : location_id')).toBeInTheDocument();
  });

  it('re-reads the list when the screen asks for a refresh after a save', async () => {
    let label = 'Avant';
    fake = fakeFetch(() => ({ body: pageOf([{ id: 1, label, volume: 1 }], 1, 1) }));
    function Screen() {
      const invalidate = useInvalidate();
      const [, force] = useState(0);
      return (
        <>
          <Button
            onClick={() => {
              label = 'Après';
              void invalidate('balloons');
              force((n) => n + 1);
            }}
          >
            Enregistrer
          </Button>
          <DataList<Balloon> endpoint="/api/balloons" storageKey="refresh" columns={columns} />
        </>
      );
    }
    renderWithProviders(<Screen />);
    expect(await screen.findByText('Avant')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Après')).toBeInTheDocument();
  });
});
