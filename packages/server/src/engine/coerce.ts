import { BadRequestError } from '../core/errors.js';
import { queryMessages } from './messages.js';
import type { Field } from './types.js';

// Query-string values are text; each is checked and converted to the field's type before it is bound.

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
// Hours, minutes, seconds and offsets in their ranges: `T25:00` or `+99:99` is a 400, not an invalid Date.
const TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):?[0-5]\d)?)?$/;

export function isValidDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function coerceValue(path: string, field: Field, raw: string): string | number {
  const fail = () => new BadRequestError(queryMessages.invalidValue(path, raw));
  switch (field.type) {
    case 'id':
    case 'integer':
      if (!INTEGER.test(raw)) throw fail();
      return Number(raw);
    case 'number':
      if (!NUMBER.test(raw)) throw fail();
      return Number(raw);
    case 'flag':
      if (raw === '1' || raw === 'true') return 1;
      if (raw === '0' || raw === 'false') return 0;
      throw fail();
    case 'date':
      if (!isValidDate(raw)) throw fail();
      return raw;
    case 'time': {
      const m = TIME.exec(raw);
      if (!m) throw fail();
      return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
    }
    case 'timestamp':
      if (!TIMESTAMP.test(raw) || !isValidDate(raw.slice(0, 10))) throw fail();
      // Stored as ISO-8601 UTC text on SQLite: compare like with like (a bare date stays a date).
      if (raw.length === 10) return raw;
      {
        const date = new Date(/Z|[+-]\d{2}:?\d{2}$/.test(raw) ? raw.replace(' ', 'T') : `${raw.replace(' ', 'T')}Z`);
        if (Number.isNaN(date.getTime())) throw fail();
        return date.toISOString();
      }
    case 'string':
    case 'text':
      return raw;
  }
}
