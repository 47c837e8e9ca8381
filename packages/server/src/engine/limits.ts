import { isCleanText } from '@app/domain';
import { BadRequestError } from '../core/errors.js';
import { queryMessages } from './messages.js';
import type { Step } from './resolve.js';

// Bounds on what one list query may ask (docs/api.md "Limites de l'API"): no query a signed-in user or an API key
// can send may hold the process for long or build an answer of unbounded size.

/** Relations crossed by one path (embed, filter, has/hasnot, order, count): 3 is more than any screen uses. */
export const MAX_PATH_DEPTH = 3;
/** Conditions in one `filters` parameter. */
export const MAX_FILTERS = 50;
/** Paths in one of embed, has, hasnot, count, sum, order, append. */
export const MAX_PATHS = 20;
/** Values of one `in`/`notin` filter. */
export const MAX_IN_VALUES = 500;
/** Characters of one filter value. */
export const MAX_VALUE_LENGTH = 500;
/** Characters of a search text (the list `search` parameter, search bodies). */
export const MAX_SEARCH_LENGTH = 100;
/** Rows an unpaged read may answer (over it: 400 asking for `page`). Reference lists are far below it. */
export const MAX_UNPAGED_ROWS = 1000;
/** Rows one embedded relation may bring for a whole answer. */
export const MAX_EMBED_ROWS = 5000;
/** Rows in all of an answer (main rows and every embedded row). */
export const MAX_ANSWER_ROWS = 20000;

// C0 controls (NUL included) and DEL: never part of a value a person types in a filter or a search box.
export const hasControlCharacter = (value: string): boolean => !isCleanText(value);

export function checkPathDepth(parameter: string, path: string): void {
  if (path.split('.').length > MAX_PATH_DEPTH) {
    throw new BadRequestError(queryMessages.pathTooDeep(parameter, path, MAX_PATH_DEPTH));
  }
}

/**
 * A path may not walk back where it came from (`passengers.booking.passengers`, `passengers.flights.passengers`):
 * each such step multiplies the rows without saying anything new.
 */
export function checkNoWalkBack(parameter: string, path: string, steps: Step[]): void {
  for (let i = 1; i < steps.length; i++) {
    const prev = steps[i - 1]!;
    const next = steps[i]!;
    if (next.to !== prev.from || !isInverse(prev, next)) continue;
    throw new BadRequestError(queryMessages.pathWalksBack(parameter, path));
  }
}

function isInverse(a: Step, b: Step): boolean {
  const x = a.relation;
  const y = b.relation;
  if (x.kind === 'belongsTo' && y.kind === 'hasMany') return x.foreignKey === y.foreignKey;
  if (x.kind === 'hasMany' && y.kind === 'belongsTo') return x.foreignKey === y.foreignKey;
  if ((x.kind === 'manyToMany' || x.kind === 'symmetric') && (y.kind === 'manyToMany' || y.kind === 'symmetric')) {
    return x.pivot === y.pivot;
  }
  return false;
}

/** Counts the rows an answer carries, and stops the read as soon as a ceiling is passed. */
export class RowBudget {
  private total: number;
  constructor(mainRows: number) {
    this.total = mainRows;
  }
  take(relationPath: string, loadedForRelation: number, added: number): void {
    if (loadedForRelation > MAX_EMBED_ROWS) {
      throw new BadRequestError(queryMessages.embedTooLarge(relationPath, MAX_EMBED_ROWS));
    }
    this.total += added;
    if (this.total > MAX_ANSWER_ROWS) throw new BadRequestError(queryMessages.answerTooLarge(MAX_ANSWER_ROWS));
  }
}
