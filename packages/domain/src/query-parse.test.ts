import { describe, expect, it } from 'vitest';
import {
  foldText,
  likeToPattern,
  parseListQuery,
  QueryError,
  searchParamsToRecord,
  splitPath,
  splitUnescaped,
} from './query-parse.js';

const errorOf = (fn: () => unknown): QueryError => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return error as QueryError;
  }
  throw new Error('expected a QueryError');
};

describe('parseListQuery: filters', () => {
  it('parses the filters the web app sends', () => {
    expect(
      parseListQuery({
        filters: 'booking_status.slug|=|pending,requested_dates.date|=|2025-06-14',
        embed: 'referent_passenger,location,prestation',
        has: 'passengers',
      }),
    ).toEqual({
      filters: [
        { field: 'booking_status.slug', op: '=', value: 'pending' },
        { field: 'requested_dates.date', op: '=', value: '2025-06-14' },
      ],
      embed: ['referent_passenger', 'location', 'prestation'],
      has: ['passengers'],
    });
    expect(parseListQuery({ filters: 'id|<>|12,number|=|2025-00001' }).filters).toEqual([
      { field: 'id', op: '<>', value: '12' },
      { field: 'number', op: '=', value: '2025-00001' },
    ]);
  });

  it('accepts every operator of OPERATORS', () => {
    const q = parseListQuery({
      filters: 'a|=|1,a|<>|1,a|<|1,a|<=|1,a|>|1,a|>=|1,a|like|~x~,a|in|1;2,a|notin|3,a|null,a|notnull',
    });
    expect(q.filters?.map((f) => f.op)).toEqual([
      '=',
      '<>',
      '<',
      '<=',
      '>',
      '>=',
      'like',
      'in',
      'notin',
      'null',
      'notnull',
    ]);
  });

  it('splits in/notin values on ; into a list, even a single one', () => {
    expect(parseListQuery({ filters: 'id|in|1;2;3,slug|notin|canceled' }).filters).toEqual([
      { field: 'id', op: 'in', value: ['1', '2', '3'] },
      { field: 'slug', op: 'notin', value: ['canceled'] },
    ]);
  });

  it('keeps a like value as typed (the ~ wildcard is translated by the server)', () => {
    expect(parseListQuery({ filters: 'key|like|~planning_~' }).filters).toEqual([
      { field: 'key', op: 'like', value: '~planning_~' },
    ]);
  });

  it('gives null/notnull no value, tolerating an empty one', () => {
    expect(parseListQuery({ filters: 'number_alt|null,pilot_id|notnull|' }).filters).toEqual([
      { field: 'number_alt', op: 'null' },
      { field: 'pilot_id', op: 'notnull' },
    ]);
    expect(errorOf(() => parseListQuery({ filters: 'number_alt|null|x' })).message).toBe(
      "L'opérateur « null » ne prend pas de valeur dans le filtre « number_alt|null|x »",
    );
  });

  it('unescapes \\, \\| \\; and \\\\ inside values', () => {
    expect(parseListQuery({ filters: String.raw`last_name|=|Dupont\, Jean\|x\;y\\z,id|=|1` }).filters).toEqual([
      { field: 'last_name', op: '=', value: String.raw`Dupont, Jean|x;y\z` },
      { field: 'id', op: '=', value: '1' },
    ]);
    expect(parseListQuery({ filters: String.raw`town|in|Saint-Jean\; Nord;Aix\, Sud` }).filters).toEqual([
      { field: 'town', op: 'in', value: ['Saint-Jean; Nord', 'Aix, Sud'] },
    ]);
  });

  it('takes an unescaped ; literally in a scalar value and allows an empty scalar value', () => {
    expect(parseListQuery({ filters: 'note|=|a;b,number_alt|=|' }).filters).toEqual([
      { field: 'note', op: '=', value: 'a;b' },
      { field: 'number_alt', op: '=', value: '' },
    ]);
  });

  it('keeps accents and spaces in values untouched', () => {
    expect(parseListQuery({ filters: 'last_name|like|~ Éléonore ~' }).filters?.[0]?.value).toBe('~ Éléonore ~');
  });

  it('rejects an unknown operator, naming it and the filter', () => {
    const error = errorOf(() => parseListQuery({ filters: 'number|~=|3' }));
    expect(error.message).toBe('Opérateur inconnu : « ~= » dans le filtre « number|~=|3 »');
    expect(error.param).toBe('filters');
    expect(errorOf(() => parseListQuery({ filters: 'a|LIKE|x' })).message).toContain('« LIKE »');
  });

  it('rejects malformed items', () => {
    expect(errorOf(() => parseListQuery({ filters: 'number~=3' })).message).toBe(
      'Filtre invalide : « number~=3 » (forme attendue : champ|opérateur|valeur)',
    );
    expect(errorOf(() => parseListQuery({ filters: 'a|=|x|y' })).message).toContain('« a|=|x|y »');
    expect(errorOf(() => parseListQuery({ filters: 'a|=' })).message).toBe('Valeur manquante dans le filtre « a|= »');
    expect(errorOf(() => parseListQuery({ filters: 'a|=|1,' })).message).toContain('Filtre vide');
    expect(errorOf(() => parseListQuery({ filters: ',a|=|1' })).message).toContain('Filtre vide');
  });

  it('rejects invalid escapes', () => {
    expect(errorOf(() => parseListQuery({ filters: String.raw`a|=|x\y` })).message).toBe(
      String.raw`Échappement invalide : « \y » dans le filtre « a|=|x\y »`,
    );
    expect(errorOf(() => parseListQuery({ filters: 'a|=|x\\' })).message).toContain('Barre oblique inverse isolée');
  });

  it('rejects field names that are not lower-case identifiers or dotted paths', () => {
    for (const field of ['Number', '1abc', 'a-b', 'a..b', 'a.', '.a', 'a b', 'a;drop', '"a"', '']) {
      const error = errorOf(() => parseListQuery({ filters: `${field}|=|1` }));
      expect(error.message).toContain(`Nom de champ invalide : « ${field} »`);
    }
    expect(parseListQuery({ filters: '_a.b_2.c|=|1' }).filters?.[0]?.field).toBe('_a.b_2.c');
  });
});

describe('parseListQuery: order', () => {
  it('normalises the direction and defaults to ASC', () => {
    expect(parseListQuery({ order: 'last_name|ASC,first_name|desc,label|Asc,created_at' }).order).toEqual([
      { field: 'last_name', direction: 'ASC' },
      { field: 'first_name', direction: 'DESC' },
      { field: 'label', direction: 'ASC' },
      { field: 'created_at', direction: 'ASC' },
    ]);
  });

  it('rejects an unknown direction or a bad field', () => {
    expect(errorOf(() => parseListQuery({ order: 'label|up' })).message).toBe(
      'Sens de tri inconnu : « up » dans « label|up » (ASC ou DESC)',
    );
    expect(errorOf(() => parseListQuery({ order: 'label|' })).param).toBe('order');
    expect(errorOf(() => parseListQuery({ order: 'label|ASC|x' })).param).toBe('order');
    expect(errorOf(() => parseListQuery({ order: 'Label|ASC' })).message).toContain('« Label »');
    expect(errorOf(() => parseListQuery({ order: 'a,,b' })).message).toContain('Tri vide');
  });
});

describe('parseListQuery: name lists, search, pages', () => {
  it('parses comma lists of names and dotted paths, trimming around names', () => {
    expect(
      parseListQuery({
        embed: 'referent_passenger.next_flights, location',
        count: 'passengers',
        sum: 'total_weight',
        hasnot: 'registrations',
        append: 'flight_masses',
      }),
    ).toEqual({
      embed: ['referent_passenger.next_flights', 'location'],
      count: ['passengers'],
      sum: ['total_weight'],
      hasnot: ['registrations'],
      append: ['flight_masses'],
    });
  });

  it('rejects bad or empty names in lists', () => {
    expect(errorOf(() => parseListQuery({ embed: 'location,Pilot' })).message).toBe(
      'Nom de champ invalide : « Pilot » dans « embed »',
    );
    expect(errorOf(() => parseListQuery({ count: 'a,' })).param).toBe('count');
  });

  it('trims search and drops a blank one', () => {
    expect(parseListQuery({ search: '  #2025-001 ' })).toEqual({ search: '#2025-001' });
    expect(parseListQuery({ search: '   ' })).toEqual({});
  });

  it('reads page and per_page within bounds', () => {
    expect(parseListQuery({ page: '1', per_page: '100' })).toEqual({ page: 1, per_page: 100 });
    expect(parseListQuery({ page: '37', per_page: '1' })).toEqual({ page: 37, per_page: 1 });
  });

  it('rejects anything else for page and per_page, never clamping', () => {
    for (const page of ['0', '-1', '1.5', '1e2', ' 1', 'abc', '99999999999999999999']) {
      expect(errorOf(() => parseListQuery({ page })).param).toBe('page');
    }
    for (const perPage of ['0', '101', '1000', '10.0']) {
      expect(errorOf(() => parseListQuery({ per_page: perPage })).param).toBe('per_page');
    }
    expect(errorOf(() => parseListQuery({ per_page: '101' })).message).toBe(
      'Valeur invalide pour « per_page » : « 101 » (attendu : un entier de 1 à 100)',
    );
  });

  it('treats an empty param as absent (the filter-option reads send count=&order=)', () => {
    expect(parseListQuery({ count: '', order: '', filters: '', page: '' })).toEqual({});
  });

  it('rejects a repeated param and ignores unknown ones', () => {
    const error = errorOf(() => parseListQuery({ embed: ['location', 'pilot'] }));
    expect(error.message).toBe("Paramètre répété : « embed » ne doit apparaître qu'une fois");
    expect(error.param).toBe('embed');
    expect(parseListQuery({ foo: ['x', 'y'], day: '2025-01-01', page: '2' })).toEqual({ page: 2 });
  });

  it('reads URLSearchParams through searchParamsToRecord, repeated keys included', () => {
    const record = searchParamsToRecord(new URLSearchParams('embed=a&page=2&embed=b&x=1'));
    expect(record).toEqual({ embed: ['a', 'b'], page: '2', x: '1' });
    expect(() => parseListQuery(record)).toThrow(QueryError);
  });
});

describe('helpers', () => {
  it('likeToPattern turns ~ into % and escapes %, _ and \\ with a backslash', () => {
    expect(likeToPattern('~planning_~')).toBe(String.raw`%planning\_%`);
    expect(likeToPattern('100%')).toBe(String.raw`100\%`);
    expect(likeToPattern(String.raw`a\b~`)).toBe(String.raw`a\\b%`);
    expect(likeToPattern('Dupont')).toBe('Dupont');
  });

  it('splitPath splits a relation path and refuses a malformed one', () => {
    expect(splitPath('customer.last_name')).toEqual(['customer', 'last_name']);
    expect(splitPath('label')).toEqual(['label']);
    expect(() => splitPath('customer..last_name')).toThrow(QueryError);
  });

  it('splitUnescaped keeps escape sequences and splits on the bare separator only', () => {
    expect(splitUnescaped(String.raw`a\,b,c\\,d`, ',')).toEqual([String.raw`a\,b`, String.raw`c\\`, 'd']);
  });

  it('foldText removes accents and case', () => {
    expect(foldText('Éléonore ÇA')).toBe('eleonore ca');
  });
});
