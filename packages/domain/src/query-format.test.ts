import { describe, expect, it } from 'vitest';
import type { Filter, ListQuery, OrderItem } from './query.js';
import { OPERATORS } from './query.js';
import { escapeValue, formatListQuery } from './query-format.js';
import { parseListQuery, QueryError, searchParamsToRecord } from './query-parse.js';

/** What the server sees: the query string as a browser sends it, decoded again. */
const overTheWire = (q: ListQuery): ListQuery =>
  parseListQuery(searchParamsToRecord(new URLSearchParams(formatListQuery(q).toString())));

describe('formatListQuery', () => {
  it('writes the query strings the web app sends', () => {
    const params = formatListQuery({
      filters: [
        { field: 'booking_status.slug', op: '=', value: 'pending' },
        { field: 'requested_dates.date', op: '=', value: '2025-06-14' },
      ],
      embed: ['referent_passenger', 'location', 'prestation'],
    });
    expect(params.get('filters')).toBe('booking_status.slug|=|pending,requested_dates.date|=|2025-06-14');
    expect(params.get('embed')).toBe('referent_passenger,location,prestation');
    expect(
      formatListQuery({
        order: [
          { field: 'last_name', direction: 'ASC' },
          { field: 'first_name', direction: 'ASC' },
        ],
      }).get('order'),
    ).toBe('last_name|ASC,first_name|ASC');
    expect(formatListQuery({ filters: [{ field: 'key', op: 'like', value: '~planning_~' }] }).get('filters')).toBe(
      'key|like|~planning_~',
    );
  });

  it('puts params in a fixed order and omits empty parts', () => {
    const params = formatListQuery({
      per_page: 20,
      page: 2,
      append: ['flight_masses'],
      hasnot: [],
      has: ['passengers'],
      order: [],
      sum: ['total_weight'],
      count: ['passengers'],
      embed: [],
      search: '  ',
      filters: [],
    });
    expect(params.toString()).toBe(
      'count=passengers&sum=total_weight&has=passengers&append=flight_masses&page=2&per_page=20',
    );
    expect(formatListQuery({ page: undefined }).toString()).toBe('');
  });

  it('writes lists, valueless operators and escapes', () => {
    expect(
      formatListQuery({
        filters: [
          { field: 'id', op: 'in', value: ['1', '2'] },
          { field: 'pilot_id', op: 'null' },
          { field: 'last_name', op: '=', value: String.raw`a,b|c;d\e` },
          { field: 'town', op: 'notin', value: ['x;y', 'z'] },
        ],
      }).get('filters'),
    ).toBe(String.raw`id|in|1;2,pilot_id|null,last_name|=|a\,b\|c\;d\\e,town|notin|x\;y;z`);
  });

  it('escapeValue escapes exactly the four special characters', () => {
    expect(escapeValue(String.raw`\,|;~%_é `)).toBe(String.raw`\\\,\|\;~%_é `);
  });

  it('refuses what the grammar cannot carry or the parser would reject', () => {
    const bad: ListQuery[] = [
      { filters: [{ field: 'id', op: 'in', value: [] }] },
      { filters: [{ field: 'id', op: 'in', value: '1' }] },
      { filters: [{ field: 'id', op: '=', value: ['1'] }] },
      { filters: [{ field: 'id', op: '=' }] },
      { filters: [{ field: 'id', op: 'null', value: '' }] },
      { filters: [{ field: 'Id', op: '=', value: '1' }] },
      { filters: [{ field: 'id', op: '~=' as Filter['op'], value: '1' }] },
      { order: [{ field: 'label', direction: 'UP' as OrderItem['direction'] }] },
      { embed: ['a b'] },
      { page: 0 },
      { page: 1.5 },
      { per_page: 101 },
    ];
    for (const q of bad) expect(() => formatListQuery(q), JSON.stringify(q)).toThrow(QueryError);
  });
});

// Seeded generator so a failure is reproducible; no property-testing library is installed.
const mulberry32 = (seed: number) => {
  let state = seed;
  return () => {
    state += 0x6d2b79f5;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

describe('parse(format(q)) == q', () => {
  const random = mulberry32(20250614);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const maybe = <T>(make: () => T): T | undefined => (random() < 0.5 ? make() : undefined);
  const listOf = <T>(make: () => T, min = 1): T[] => Array.from({ length: min + int(4) }, make);

  const CHARS = [
    ...'abcXYZ09 -_.:~%',
    ',',
    '|',
    ';',
    '\\',
    '\\\\',
    '\\,',
    'é',
    'É',
    'ç',
    'à',
    '«',
    '»',
    '€',
    '😀',
    '&',
    '=',
    '+',
    '?',
    '#',
    '/',
  ];
  const text = () => Array.from({ length: int(8) }, () => pick(CHARS)).join('');
  const NAMES = ['id', 'label', 'last_name', '_x', 'a1', 'customer', 'passengers', 'next_flights'];
  const path = () => Array.from({ length: 1 + int(3) }, () => pick(NAMES)).join('.');
  const filter = (): Filter => {
    const op = pick(OPERATORS);
    if (op === 'null' || op === 'notnull') return { field: path(), op };
    if (op === 'in' || op === 'notin') return { field: path(), op, value: listOf(text) };
    return { field: path(), op, value: text() };
  };
  const query = (): ListQuery => {
    const q: ListQuery = {
      filters: maybe(() => listOf(filter)),
      search: maybe(() => `${pick(CHARS).trim() || 'x'}${text()}${pick(['a', 'É', ','])}`),
      embed: maybe(() => listOf(path)),
      count: maybe(() => listOf(path)),
      sum: maybe(() => listOf(path)),
      order: maybe(() => listOf(() => ({ field: path(), direction: pick(['ASC', 'DESC'] as const) }))),
      has: maybe(() => listOf(path)),
      hasnot: maybe(() => listOf(path)),
      append: maybe(() => listOf(path)),
      page: maybe(() => 1 + int(1000)),
      per_page: maybe(() => 1 + int(100)),
    };
    // The parser only sets keys that are present.
    return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as ListQuery;
  };

  it('holds for 2000 generated queries, values with , | ; \\ accents and emoji included', () => {
    for (let i = 0; i < 2000; i++) {
      const q = query();
      expect(overTheWire(q), JSON.stringify(q)).toStrictEqual(q);
    }
  });

  it('holds for the hand-picked awkward values', () => {
    const values = ['', ',', '|', ';', '\\', '\\\\', 'a\\', '\\,', '~', '%_', ' lead', 'trail ', 'Éléonore, Zoé|x;y'];
    for (const value of values) {
      const q: ListQuery = {
        filters: [
          { field: 'a', op: '=', value },
          { field: 'b', op: 'in', value: [value, value] },
          { field: 'c', op: 'like', value },
          { field: 'd', op: 'notin', value: [value] },
        ],
      };
      expect(overTheWire(q)).toStrictEqual(q);
    }
  });

  it('format(parse(s)) gives back a canonical query string', () => {
    const raw = String.raw`number_alt|null,last_name|=|Dupont\, Jean,id|in|1;2`;
    expect(formatListQuery(parseListQuery({ filters: raw, order: 'label|asc' })).toString()).toBe(
      new URLSearchParams({ filters: raw, order: 'label|ASC' }).toString(),
    );
  });
});
