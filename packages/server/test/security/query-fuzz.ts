// Random hostile list queries drawn from the grammar of docs/api.md ("List-query language"): real and made-up
// fields, relation paths of any depth (walking back included), every operator and junk ones, values with
// control characters, unicode, lone surrogates, huge numbers, impossible dates, broken escapes and encodings.
// Shared by the server test (query-fuzz.test.ts, demo-sized data) and the bench (`npm run bench -- --fuzz N`,
// the full dataset). Seeded, so a failing query is reproduced by its seed and index.

export type FuzzResource = {
  name: string;
  fields: Record<string, { type: string }>;
  relations?: Record<string, { target: string }>;
  appends?: Record<string, unknown>;
};

type Random = { next: () => number; int: (max: number) => number; pick: <T>(items: readonly T[]) => T };

export function fuzzRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: deterministic across engines and Node versions.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)] as (typeof items)[number] };
}

const OPERATORS = ['=', '<>', '<', '<=', '>', '>=', 'like', 'in', 'notin', 'null', 'notnull'];
const JUNK_OPERATORS = ['~', '==', '!=', 'LIKE', 'between', '', ' =', 'in;', '%', "'", 'is'];
const JUNK_NAMES = ['nope', 'id;', 'id--', "id' OR 1=1", '__proto__', 'constructor', 'a'.repeat(300), 'ÉTÉ', '*', ''];
const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u007f'];
const UNICODE = ['Éléonore', 'ß', 'İ', 'ﬁ', '😀', '\u202e', '\u200b', '中文', 'ǅ', '\ufeff', 'Å'];

/** A value: valid for its type most of the time, hostile otherwise. */
function value(random: Random, type: string | undefined): string {
  switch (random.next() < 0.2 ? random.int(8) : 8) {
    case 0:
      return random.pick(CONTROL) + random.pick(['abc', '12', '2026-01-01', '']);
    case 1:
      return random.pick(UNICODE).repeat(1 + random.int(3));
    case 2:
      return random.pick([
        '9'.repeat(400),
        '1e309',
        '-1e309',
        'NaN',
        'Infinity',
        '-0',
        '0x10',
        '1_000',
        '9007199254740993',
      ]);
    case 3:
      return random.pick([
        '2026-01-01T25:00',
        '2026-01-01T99:99:00Z',
        '2026-01-01T10:00+99:99',
        '2026-02-30',
        '0000-00-00',
        '99999-01-01',
        '2026-13-01',
        '24:00',
        '23:60:60',
        '-2026-01-01',
      ]);
    case 4:
      return 'x'.repeat(random.pick([101, 499, 501, 2000]));
    case 5:
      return random.pick(['\\', '\\,', '\\|', '\\;', '\\\\', '~', '~~~', '%', '_', '%_%', "'", '"', '`', ';;;']);
    case 6:
      return Array.from({ length: random.pick([2, 10, 499, 501, 700]) }, (_, i) => String(i)).join(';');
    case 7:
      return '';
    default:
      break;
  }
  switch (type) {
    case 'id':
    case 'integer':
      return String(random.int(50) - 5);
    case 'number':
      return (random.next() * 200 - 10).toFixed(random.int(4));
    case 'flag':
      return random.pick(['0', '1', 'true', 'false', '2', 'oui']);
    case 'date':
      return `2026-${String(1 + random.int(12)).padStart(2, '0')}-${String(1 + random.int(31)).padStart(2, '0')}`;
    case 'time':
      return `${String(random.int(26)).padStart(2, '0')}:${String(random.int(61)).padStart(2, '0')}`;
    case 'timestamp':
      return random.pick(['2026-06-01', '2026-06-01T08:00:00Z', '2026-06-01T08:00:00.123+02:00', '2026-06-01 08:00']);
    default:
      return random.pick(['~dup~', 'Martin', 'a', '~', 'pending', '2026-00042', '~é~']);
  }
}

/** A relation path from `start` (possibly walking back, possibly past the depth limit, possibly unknown). */
function path(
  random: Random,
  registry: ReadonlyMap<string, FuzzResource>,
  start: FuzzResource,
  endOnField: boolean,
): { text: string; type?: string } {
  const parts: string[] = [];
  let here: FuzzResource | undefined = start;
  const depth = random.next() < 0.05 ? 4 + random.int(20) : (endOnField ? 0 : 1) + random.int(endOnField ? 3 : 2);
  for (let i = 0; i < depth && here; i++) {
    const relations = Object.entries(here.relations ?? {});
    if (relations.length === 0 || random.next() < 0.02) {
      parts.push(random.pick(JUNK_NAMES));
      here = undefined;
      break;
    }
    const [name, relation] = random.pick(relations);
    parts.push(name);
    here = registry.get(relation.target);
  }
  if (!endOnField) return { text: parts.join('.') || random.pick(JUNK_NAMES) };
  if (!here || random.next() < 0.03) return { text: [...parts, random.pick(JUNK_NAMES)].join('.') };
  const [name, field] = random.pick(Object.entries(here.fields));
  return { text: [...parts, name].join('.'), type: field.type };
}

/** Escapes the grammar's separators, forgetting one now and then. */
const escapeSeparators = (random: Random, text: string) =>
  text.replace(/[\\,|;]/g, (c) => (random.next() < 0.9 ? `\\${c}` : c));

function filters(random: Random, registry: ReadonlyMap<string, FuzzResource>, resource: FuzzResource): string {
  const count = random.next() < 0.03 ? random.pick([51, 200, 999]) : 1 + random.int(3);
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const target = path(random, registry, resource, true);
    const op = random.next() < 0.04 ? random.pick(JUNK_OPERATORS) : random.pick(OPERATORS);
    if (op === 'null' || op === 'notnull') {
      items.push(`${target.text}|${op}${random.next() < 0.1 ? '|x' : ''}`);
    } else if (op === 'in' || op === 'notin') {
      const values = Array.from({ length: 1 + random.int(4) }, () =>
        escapeSeparators(random, value(random, target.type)),
      );
      items.push(`${target.text}|${op}|${values.join(';')}`);
    } else {
      items.push(`${target.text}|${op}|${escapeSeparators(random, value(random, target.type))}`);
    }
  }
  return items.join(random.next() < 0.05 ? ',,' : ',');
}

function list(random: Random, registry: ReadonlyMap<string, FuzzResource>, resource: FuzzResource, leaf: boolean) {
  return Array.from({ length: 1 + random.int(3) }, () => path(random, registry, resource, leaf).text).join(',');
}

/** Percent-encodes the text, now and then with broken sequences as a raw client might send them. */
function encode(random: Random, text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    encoded = text.replace(/[\ud800-\udfff]/g, '%ED%A0%80'); // lone surrogate: invalid UTF-8 on the wire
  }
  const r = random.next();
  if (r < 0.02) return `${encoded}%`;
  if (r < 0.04) return `${encoded}%FF%FE`;
  if (r < 0.05) return `${encoded}%C3`;
  if (r < 0.06) return `${encoded}%ED%A0%80`;
  return encoded;
}

/** The URL (path and query) of one random list or detail read. */
export function hostileQuery(random: Random, registry: ReadonlyMap<string, FuzzResource>): string {
  const resources = [...registry.values()];
  const resource = random.pick(resources);
  const params: [string, string][] = [];
  const add = (name: string, text: string) => params.push([name, text]);
  if (random.next() < 0.6) add('filters', filters(random, registry, resource));
  if (random.next() < 0.25)
    add(
      'search',
      random.next() < 0.2 ? `#${value(random, 'string')}` : value(random, random.pick(['string', undefined])),
    );
  const hasRelations = Object.keys(resource.relations ?? {}).length > 0 || random.next() < 0.05;
  if (hasRelations && random.next() < 0.4) add('embed', list(random, registry, resource, false));
  if (hasRelations && random.next() < 0.15) add('count', list(random, registry, resource, false));
  if (random.next() < 0.1) add('sum', list(random, registry, resource, true));
  if (random.next() < 0.3) {
    const items = Array.from({ length: 1 + random.int(2) }, () => {
      const target = path(random, registry, resource, true).text;
      return random.next() < 0.1
        ? `${target}|${random.pick(['UP', '', 'ASC|x', 'DESC;'])}`
        : `${target}|${random.pick(['ASC', 'desc', 'Desc', 'DESC'])}`;
    });
    add('order', items.join(','));
  }
  if (hasRelations && random.next() < 0.15)
    add(random.pick(['has', 'hasnot']), list(random, registry, resource, false));
  if (random.next() < 0.08) add('append', random.pick([...Object.keys(resource.appends ?? {}), 'nope', '']));
  if (random.next() < 0.85)
    add(
      'page',
      random.next() < 0.1
        ? random.pick(['0', '-1', '1.5', '99999999999999999999', 'x', ''])
        : random.pick(['1', '2', '3']),
    );
  if (random.next() < 0.3)
    add('per_page', random.next() < 0.2 ? random.pick(['101', '0', '1e3', '']) : random.pick(['1', '10', '25', '100']));
  if (random.next() < 0.03) add(random.pick(['filter', 'limit', 'offset', 'q', '__proto__']), '1');
  if (random.next() < 0.03 && params.length > 0) params.push(params[0] as [string, string]);
  const query = params.map(([name, text]) => `${name}=${encode(random, text)}`).join('&');
  const detail =
    random.next() < 0.15 ? `/${random.pick(['1', '2', '0', '-1', '1.0', '99999999999999999999', '%00', 'abc'])}` : '';
  return `/api/${resource.name}${detail}${query ? `?${query}` : ''}`;
}
