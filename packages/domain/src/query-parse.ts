// Parser of the list-query language (docs/api.md): raw query-string params → typed ListQuery.
// Purely syntactic: it checks the grammar, operator names, name shapes and page bounds; whether a field,
// relation or append exists is the server's call (it knows the resource declarations).
// query-format.ts is the exact inverse; the escape rules below must stay in sync with it.
//
// Escapes (inside filter values only): a backslash escapes `,` `|` `;` and `\` itself, so `a\,b` is the
// value "a,b". Any other character after a backslash, or a lone trailing backslash, is an error.
// In a scalar value (every operator but in/notin) an unescaped `;` is taken literally.

import type { Filter, ListQuery, Operator, OrderDirection, OrderItem } from './query.js';
import { MAX_PER_PAGE, OPERATORS } from './query.js';

export type QueryParam =
  | 'filters'
  | 'search'
  | 'embed'
  | 'count'
  | 'sum'
  | 'order'
  | 'has'
  | 'hasnot'
  | 'append'
  | 'page'
  | 'per_page';

/** The top-level params this parser reads; any other param is left to the caller. */
export const QUERY_PARAMS: readonly QueryParam[] = [
  'filters',
  'search',
  'embed',
  'count',
  'sum',
  'order',
  'has',
  'hasnot',
  'append',
  'page',
  'per_page',
];

/** A query the grammar rejects. The message is French, user-facing, and names the culprit. */
export class QueryError extends Error {
  /** The query-string param at fault (`filters`, `order`...), when known. */
  readonly param: QueryParam | undefined;

  constructor(message: string, param?: QueryParam) {
    super(message);
    this.name = 'QueryError';
    this.param = param;
  }
}

/** A field name or a relation path: `label`, `customer.last_name`, `referent_passenger.next_flights`. */
export const PATH_PATTERN = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/;

export const isValidPath = (path: string): boolean => PATH_PATTERN.test(path);

/** `customer.last_name` → `['customer', 'last_name']`. Throws QueryError on a malformed path. */
export const splitPath = (path: string): string[] => {
  if (!isValidPath(path)) throw new QueryError(`Nom de champ invalide : « ${path} »`);
  return path.split('.');
};

/** Characters a backslash may escape in a filter value. */
export const ESCAPABLE = [',', '|', ';', '\\'] as const;

/**
 * The escape character of the SQL LIKE patterns built by likeToPattern. The server must add
 * `ESCAPE '\'` to every LIKE it compiles (SQLite has no default escape character).
 */
export const LIKE_ESCAPE = '\\';

/**
 * A `like` filter value → SQL LIKE pattern. `~` is the only wildcard (any run of characters, `%` in SQL);
 * `%`, `_` and `\` typed by the user are escaped with LIKE_ESCAPE so they match themselves.
 * A literal `~` cannot be searched with `like` (use `=`). Without any `~` the pattern is an exact match.
 */
export const likeToPattern = (value: string): string =>
  value.replace(/[\\%_~]/g, (c) => (c === '~' ? '%' : `${LIKE_ESCAPE}${c}`));

/**
 * Case- and accent-insensitive form of a text, for `like` and `search` ("eleonore" finds "Éléonore"):
 * NFD decomposition, combining marks removed, lower case. Apply it to both sides of the comparison.
 */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Splits on every `sep` not preceded by an escaping backslash; escape sequences are kept as they are. */
export const splitUnescaped = (text: string, sep: string): string[] => {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
};

/** Removes the escaping backslashes of one value; `context` is the whole item, for the error message. */
const unescapeValue = (text: string, context: string): string => {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) {
      throw new QueryError(`Barre oblique inverse isolée en fin de valeur dans le filtre « ${context} »`, 'filters');
    }
    if (!(ESCAPABLE as readonly string[]).includes(next)) {
      throw new QueryError(`Échappement invalide : « \\${next} » dans le filtre « ${context} »`, 'filters');
    }
    out += next;
    i++;
  }
  return out;
};

const isOperator = (op: string): op is Operator => (OPERATORS as readonly string[]).includes(op);

const VALUELESS: readonly Operator[] = ['null', 'notnull'];
const LIST_OPERATORS: readonly Operator[] = ['in', 'notin'];

export const isValuelessOperator = (op: Operator): boolean => VALUELESS.includes(op);
export const isListOperator = (op: Operator): boolean => LIST_OPERATORS.includes(op);

const checkPath = (path: string, param: QueryParam, context?: string): string => {
  if (isValidPath(path)) return path;
  const where = context === undefined ? `dans « ${param} »` : `dans le filtre « ${context} »`;
  throw new QueryError(`Nom de champ invalide : « ${path} » ${where}`, param);
};

/** One filter item `field|op|value` (raw, still escaped). */
export const parseFilter = (item: string): Filter => {
  const parts = splitUnescaped(item, '|');
  if (parts.length < 2) {
    throw new QueryError(`Filtre invalide : « ${item} » (forme attendue : champ|opérateur|valeur)`, 'filters');
  }
  if (parts.length > 3) {
    throw new QueryError(`Filtre invalide : « ${item} » (un « | » dans une valeur s'écrit « \\| »)`, 'filters');
  }
  const [rawField, rawOp, rawValue] = parts as [string, string, string | undefined];
  const field = checkPath(rawField.trim(), 'filters', item);
  const op = rawOp.trim();
  if (!isOperator(op)) throw new QueryError(`Opérateur inconnu : « ${op} » dans le filtre « ${item} »`, 'filters');

  if (isValuelessOperator(op)) {
    // `field|null|` (empty value) is tolerated; a real value is a mistake worth reporting.
    if (rawValue !== undefined && rawValue !== '') {
      throw new QueryError(`L'opérateur « ${op} » ne prend pas de valeur dans le filtre « ${item} »`, 'filters');
    }
    return { field, op };
  }
  if (rawValue === undefined) throw new QueryError(`Valeur manquante dans le filtre « ${item} »`, 'filters');
  if (isListOperator(op)) {
    return { field, op, value: splitUnescaped(rawValue, ';').map((v) => unescapeValue(v, item)) };
  }
  return { field, op, value: unescapeValue(rawValue, item) };
};

/** `filters=field|op|value,field|op|value` (AND). */
export const parseFilters = (raw: string): Filter[] =>
  splitUnescaped(raw, ',').map((item) => {
    if (item === '') throw new QueryError(`Filtre vide dans « ${raw} »`, 'filters');
    return parseFilter(item);
  });

/** `order=field|ASC,field|desc`; direction case-insensitive, ASC when omitted. */
export const parseOrder = (raw: string): OrderItem[] =>
  splitUnescaped(raw, ',').map((item) => {
    if (item === '') throw new QueryError(`Tri vide dans « ${raw} »`, 'order');
    const parts = item.split('|');
    if (parts.length > 2)
      throw new QueryError(`Tri invalide : « ${item} » (forme attendue : champ|ASC ou DESC)`, 'order');
    const field = checkPath((parts[0] as string).trim(), 'order');
    const rawDirection = parts[1]?.trim().toUpperCase() ?? 'ASC';
    if (rawDirection !== 'ASC' && rawDirection !== 'DESC') {
      throw new QueryError(`Sens de tri inconnu : « ${parts[1]} » dans « ${item} » (ASC ou DESC)`, 'order');
    }
    return { field, direction: rawDirection as OrderDirection };
  });

/** A comma list of names or relation paths (`embed`, `count`, `sum`, `has`, `hasnot`, `append`). */
export const parseNameList = (raw: string, param: QueryParam): string[] =>
  splitUnescaped(raw, ',').map((item) => {
    const name = item.trim();
    if (name === '') throw new QueryError(`Nom vide dans « ${param}=${raw} »`, param);
    return checkPath(name, param);
  });

const parseInteger = (raw: string, param: QueryParam, max: number): number => {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? 'un entier supérieur ou égal à 1' : `un entier de 1 à ${max}`;
    throw new QueryError(`Valeur invalide pour « ${param} » : « ${raw} » (attendu : ${bounds})`, param);
  }
  return n;
};

export const parsePage = (raw: string): number => parseInteger(raw, 'page', Number.MAX_SAFE_INTEGER);
export const parsePerPage = (raw: string): number => parseInteger(raw, 'per_page', MAX_PER_PAGE);

export type RawQueryParams = Record<string, string | string[] | undefined>;

/**
 * Raw query-string params → ListQuery. Only the params of QUERY_PARAMS are read; others are ignored here
 * (the caller decides about them). An empty value (`count=&order=`, as the filter-option reads send) is the
 * same as an absent param. A repeated param is an error. Keys of the result are present only when set.
 */
export const parseListQuery = (params: RawQueryParams): ListQuery => {
  const q: ListQuery = {};
  for (const param of QUERY_PARAMS) {
    const raw = params[param];
    if (raw === undefined) continue;
    if (Array.isArray(raw)) {
      throw new QueryError(`Paramètre répété : « ${param} » ne doit apparaître qu'une fois`, param);
    }
    if (raw === '') continue;
    switch (param) {
      case 'filters':
        q.filters = parseFilters(raw);
        break;
      case 'search': {
        const search = raw.trim();
        if (search !== '') q.search = search;
        break;
      }
      case 'order':
        q.order = parseOrder(raw);
        break;
      case 'page':
        q.page = parsePage(raw);
        break;
      case 'per_page':
        q.per_page = parsePerPage(raw);
        break;
      default:
        q[param] = parseNameList(raw, param);
    }
  }
  return q;
};

/** URLSearchParams (or any list of pairs) → the record parseListQuery takes; a repeated key becomes an array (and so an error). */
export const searchParamsToRecord = (searchParams: Iterable<[string, string]>): RawQueryParams => {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of searchParams) {
    const previous = record[key];
    if (previous === undefined) record[key] = value;
    else record[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return record;
};
