import { Readable } from 'node:stream';
import { isCleanText } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operatorTimeZone, today } from '../core/clock.js';
import { csvLine } from '../core/csv-line.js';
import { BadRequestError } from '../core/errors.js';
import { resolveFieldPath } from '../engine/resolve.js';
import type { Field, FieldType, Registry, Resource, Row } from '../engine/types.js';

// CSV export of a data list (issue 12): the rows of the current filters and order, streamed chunk by chunk,
// as a French spreadsheet expects them: `;`-separated, UTF-8 with a BOM (Excel reads accents right only with it),
// CRLF line ends, dates DD/MM/YYYY, decimal commas, 'Oui'/'Non' for flags.

export const MAX_CSV_COLUMNS = 60;
const MAX_LABEL_LENGTH = 100;
const MAX_COLUMNS_PARAM_LENGTH = 8000;
const PATH = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*){0,2}$/;

export type CsvColumn = { label: string; path: string[]; type: FieldType | null };

/** True when the request asks for CSV: `format=csv`, or an Accept header naming text/csv before JSON. */
export function wantsCsv(request: FastifyRequest): boolean {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format !== undefined) {
    if (format !== 'csv') throw new BadRequestError('Paramètre « format » : seule la valeur « csv » est acceptée.');
    return true;
  }
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/csv/i.test(accept) && !/(^|,)\s*application\/json/i.test(accept);
}

/**
 * The columns of an export: those the web list shows (`columns` = JSON array of [label, path] pairs, the path a
 * field of the resource or of a to-one / to-many relation's target, 3 segments at most), or, without it, every
 * field the resource answers, under its own name. Also answers the embeds those paths need.
 */
export function csvColumnsOf(
  registry: Registry,
  resource: Resource,
  raw: unknown,
  allowedFields: readonly string[] | null,
): { columns: CsvColumn[]; embeds: string[] } {
  if (raw === undefined || raw === '') {
    const columns = Object.entries(resource.fields)
      .filter(([name, field]) => !field.hidden && (!allowedFields || allowedFields.includes(name)))
      .map(([name, field]) => ({ label: name, path: [name], type: field.type }));
    return { columns, embeds: [] };
  }
  const fail = (detail: string) => new BadRequestError(`Paramètre « columns » : ${detail}`);
  if (typeof raw !== 'string' || raw.length > MAX_COLUMNS_PARAM_LENGTH) throw fail('valeur invalide ou trop longue.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fail('JSON invalide.');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_CSV_COLUMNS) {
    throw fail(`une liste de 1 à ${MAX_CSV_COLUMNS} colonnes [libellé, champ] est attendue.`);
  }
  const embeds = new Set<string>();
  const columns = parsed.map((entry): CsvColumn => {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') {
      throw fail('chaque colonne est une paire [libellé, champ].');
    }
    const [label, path] = entry as [string, string];
    if (!label.trim() || label.length > MAX_LABEL_LENGTH || !isCleanText(label)) {
      throw fail(`libellé de colonne invalide (1 à ${MAX_LABEL_LENGTH} caractères, sans caractère de contrôle).`);
    }
    if (!PATH.test(path)) throw fail(`champ invalide « ${path.slice(0, 100)} ».`);
    const segments = path.split('.');
    let field: Field | undefined;
    try {
      field = resolveFieldPath(registry, resource, path).field;
    } catch {
      field = undefined;
    }
    if (!field || field.hidden || (segments.length === 1 && allowedFields && !allowedFields.includes(path))) {
      throw fail(`champ inconnu « ${path} ».`);
    }
    if (segments.length > 1) embeds.add(segments.slice(0, -1).join('.'));
    return { label: label.trim(), path: segments, type: field.type };
  });
  return { columns, embeds: [...embeds] };
}

// Timestamps as the operator's wall clock shows them (core/clock.ts), one format per zone (building one costs).
const timestampFormats = new Map<string, Intl.DateTimeFormat>();
function timestampFormat(): Intl.DateTimeFormat {
  const timeZone = operatorTimeZone();
  let format = timestampFormats.get(timeZone);
  if (!format) {
    const options = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
    format = new Intl.DateTimeFormat('fr-FR', { timeZone, ...options });
    timestampFormats.set(timeZone, format);
  }
  return format;
}

function formatValue(value: unknown, type: FieldType | null): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? `${m[3]}/${m[2]}/${m[1]}` : String(value);
    }
    case 'timestamp': {
      const text = value instanceof Date ? value.toISOString() : String(value);
      // SQLite keeps 'YYYY-MM-DD HH:MM:SS' in UTC, without a zone.
      const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
      return Number.isNaN(date.getTime()) ? text : timestampFormat().format(date).replace(',', '');
    }
    case 'time':
      return String(value).slice(0, 5);
    case 'flag':
      return Number(value) === 1 || value === true ? 'Oui' : 'Non';
    case 'number': {
      const n = Number(value);
      return Number.isFinite(n) ? String(Math.round(n * 100) / 100).replace('.', ',') : String(value);
    }
    default:
      return String(value);
  }
}

/** The value at a column's path: a to-many step joins its rows' values with ', '. */
function valueAt(row: Row, column: CsvColumn): string {
  let current: unknown[] = [row];
  for (const segment of column.path) {
    current = current.flatMap((item) => {
      if (item === null || typeof item !== 'object') return [];
      const next = (item as Row)[segment];
      return Array.isArray(next) ? next : [next];
    });
  }
  return current
    .map((value) => formatValue(value, column.type))
    .filter((text) => text !== '')
    .join(', ');
}

/**
 * Sends the header and every chunk of rows as a stream: Readable.from pulls the next chunk only when the socket
 * drained the last one, so memory stays flat whatever the number of rows.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn[],
  chunks: AsyncIterable<Row[]>,
): Promise<FastifyReply> {
  const iterator = chunks[Symbol.asyncIterator]();
  // The first chunk is read before any byte is sent: a bad query still answers a JSON 400, not half a file.
  const first = await iterator.next();
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.label))}`;
    for (let step = first; !step.done; step = await iterator.next()) {
      yield step.value.map((row) => csvLine(columns.map((c) => valueAt(row, c)))).join('');
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}

/** 'bookings-2026-07-01.csv': the list's name and the operator's day. */
export const csvFilename = (name: string, day = today()): string => `${name}-${day}.csv`;
