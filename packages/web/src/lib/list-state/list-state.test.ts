import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from './filters';
import {
  countActiveFilters,
  initialListState,
  type ListState,
  listReducer,
  toggleOrder,
  toListQuery,
} from './list-state';
import { orderStorageKey, readStoredOrder, writeStoredOrder } from './order-storage';
import { pageWindow } from './page-window';

const onPage = (page: number, overrides: Partial<ListState> = {}): ListState => ({
  ...initialListState(),
  page,
  ...overrides,
});

describe('listReducer', () => {
  it('starts on page 1', () => {
    expect(initialListState().page).toBe(1);
  });

  it('goes to a page, never below 1', () => {
    expect(listReducer(onPage(1), { type: 'setPage', page: 4 }).page).toBe(4);
    expect(listReducer(onPage(2), { type: 'setPage', page: 0 }).page).toBe(1);
  });

  it('goes back to page 1 when a filter changes', () => {
    const state = listReducer(onPage(3), { type: 'setFilter', name: 'location_id', value: '2' });
    expect(state).toMatchObject({ page: 1, filters: { location_id: '2' } });
  });

  it('keeps the page when a filter is set to the value it already has', () => {
    const state = onPage(3, { filters: { location_id: '2' } });
    expect(listReducer(state, { type: 'setFilter', name: 'location_id', value: '2' })).toBe(state);
  });

  it('drops a filter set to an empty value', () => {
    const state = onPage(2, { filters: { label: 'Ciel', location_id: '1' } });
    const next = listReducer(state, { type: 'setFilter', name: 'label', value: '  ' });
    expect(next.filters).toEqual({ location_id: '1' });
    expect(next.page).toBe(1);
  });

  it('resets every filter, back to page 1', () => {
    const next = listReducer(onPage(5, { filters: { a: '1', b: ['x'] } }), { type: 'resetFilters' });
    expect(next).toMatchObject({ page: 1, filters: {} });
  });

  it('goes back to page 1 on a new search', () => {
    expect(listReducer(onPage(4), { type: 'setSearch', search: 'Dupont' })).toMatchObject({
      page: 1,
      search: 'Dupont',
    });
  });

  it('toggles the direction of the current order field, back to page 1', () => {
    const asc = onPage(3, { order: [{ field: 'label', direction: 'ASC' }] });
    const desc = listReducer(asc, { type: 'sort', field: 'label' });
    expect(desc).toMatchObject({ page: 1, order: [{ field: 'label', direction: 'DESC' }] });
    expect(listReducer(desc, { type: 'sort', field: 'label' }).order).toEqual([{ field: 'label', direction: 'ASC' }]);
  });

  it('orders a new field ascending', () => {
    expect(toggleOrder([{ field: 'label', direction: 'DESC' }], 'volume')).toEqual([
      { field: 'volume', direction: 'ASC' },
    ]);
    expect(toggleOrder([], 'volume')).toEqual([{ field: 'volume', direction: 'ASC' }]);
  });

  it('sets an explicit direction', () => {
    const next = listReducer(onPage(1), { type: 'sort', field: 'created_at', direction: 'DESC' });
    expect(next.order).toEqual([{ field: 'created_at', direction: 'DESC' }]);
  });
});

describe('countActiveFilters', () => {
  it('counts set filters and ignores the *_object companions', () => {
    expect(
      countActiveFilters({ customer_id: '3', customer_object: { id: 3, label: 'Dupont' }, location_id: '2' }),
    ).toBe(2);
  });

  it('ignores empty values', () => {
    expect(countActiveFilters({ a: '', b: [], c: null, d: [null, null], e: 0 })).toBe(1);
  });
});

describe('toListQuery', () => {
  const definitions: FilterDefinition[] = [
    { id: 'label', label: 'Nom', type: 'text' },
    { id: 'location_id', label: 'Lieu', type: 'select' },
    { id: 'flight_status_id', label: 'Statut', type: 'select', isMultiple: true },
    { id: 'is_default', label: 'Par défaut', type: 'switch' },
    { id: 'scheduled_date', label: 'Date', type: 'dateRange' },
    { id: 'booked_on', label: 'Réservé le', type: 'date', field: 'booked_at' },
    { id: 'customer', label: 'Client', type: 'autocomplete', field: 'customer_id', endpoint: '/x', labelField: 'n' },
  ];

  it('maps page, order, search and every filter type onto field|op|value filters', () => {
    const state: ListState = {
      page: 2,
      order: [{ field: 'label', direction: 'DESC' }],
      search: 'ciel',
      filters: {
        label: ' Grand ',
        location_id: '4',
        flight_status_id: ['1', '2'],
        is_default: 1,
        scheduled_date: ['2026-05-01', null],
        booked_on: '2026-04-02',
        customer: '9',
        customer_object: { id: 9 },
      },
    };
    expect(toListQuery(state, definitions, { embed: ['location'], filters: [{ field: 'x', op: 'null' }] })).toEqual({
      embed: ['location'],
      page: 2,
      search: 'ciel',
      order: [{ field: 'label', direction: 'DESC' }],
      filters: [
        { field: 'x', op: 'null' },
        { field: 'label', op: 'like', value: '~Grand~' },
        { field: 'location_id', op: '=', value: '4' },
        { field: 'flight_status_id', op: 'in', value: ['1', '2'] },
        { field: 'is_default', op: '=', value: '1' },
        { field: 'scheduled_date', op: '>=', value: '2026-05-01' },
        { field: 'booked_at', op: '=', value: '2026-04-02' },
        { field: 'customer_id', op: '=', value: '9' },
      ],
    });
  });

  it('sends no filter for a switch that is off, and the base order when none is chosen', () => {
    const query = toListQuery({ ...initialListState(), filters: { is_default: 0 } }, definitions, {
      order: [{ field: 'id', direction: 'ASC' }],
    });
    expect(query).toEqual({ page: 1, order: [{ field: 'id', direction: 'ASC' }] });
  });

  it('lets a definition map its value itself', () => {
    const custom: FilterDefinition = {
      id: 'unpaid',
      label: 'Non payées',
      type: 'switch',
      toFilters: (value) => (value ? [{ field: 'remaining_amount', op: '>', value: '0' }] : []),
    };
    expect(toListQuery({ ...initialListState(), filters: { unpaid: 1 } }, [custom]).filters).toEqual([
      { field: 'remaining_amount', op: '>', value: '0' },
    ]);
  });
});

describe('order persistence', () => {
  it('remembers the order per list', () => {
    writeStoredOrder('balloons', [{ field: 'label', direction: 'DESC' }], localStorage);
    writeStoredOrder('pilots', [{ field: 'last_name', direction: 'ASC' }], localStorage);
    expect(readStoredOrder('balloons', localStorage)).toEqual([{ field: 'label', direction: 'DESC' }]);
    expect(readStoredOrder('pilots', localStorage)).toEqual([{ field: 'last_name', direction: 'ASC' }]);
  });

  it('ignores a corrupt entry', () => {
    localStorage.setItem(orderStorageKey('broken'), '{nope');
    localStorage.setItem(orderStorageKey('odd'), JSON.stringify([{ field: 'a', direction: 'UP' }]));
    expect(readStoredOrder('broken', localStorage)).toBeNull();
    expect(readStoredOrder('odd', localStorage)).toBeNull();
    expect(readStoredOrder('never-set', localStorage)).toBeNull();
  });
});

describe('pageWindow', () => {
  it('shows 5 pages around the current one, kept inside the range', () => {
    expect(pageWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows 3 on small screens, and no more pages than there are', () => {
    expect(pageWindow(10, 20, 3)).toEqual([9, 10, 11]);
    expect(pageWindow(2, 2, 5)).toEqual([1, 2]);
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });
});
