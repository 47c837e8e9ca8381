import type { FilterValue, Plan } from '../plan.js';
import type { Step } from '../resolve.js';
import { lookupKey, type ResolvedTerms, type TermsLookup } from '../term-cache.js';
import type { EngineContext } from '../types.js';

// The shapes under which a read's SQL is compiled once (compiled.ts): a key naming everything that makes the SQL
// text, and the values it binds in order.

export type Shape = { key: string; values: unknown[] };

/**
 * The shape of a paged read narrowed by filters, has and hasnot only (no search, sum, scope or caller condition):
 * a key naming everything that makes its SQL text, and its filter values in order. Null when some part of the SQL
 * depends on a value (a `like` match picks its strategy from the text).
 */
export function plainShape(ctx: EngineContext, plan: Plan, extraConditions: number, withSearch = false): Shape | null {
  if ((plan.search !== null && !withSearch) || plan.sums.length || extraConditions || plan.resource.scope?.(ctx)) {
    return null;
  }
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const f of plan.filters) {
    if (f.op === 'like') return null;
    if (Array.isArray(f.value)) {
      parts.push(`${f.path.path}|${f.op}|${f.value.length}`);
      values.push(...f.value);
    } else if (f.op === 'null' || f.op === 'notnull') {
      parts.push(`${f.path.path}|${f.op}`);
    } else {
      parts.push(`${f.path.path}|${f.op}|1`);
      values.push(f.value);
    }
  }
  const steps = (list: Step[]) => list.map((st) => st.name).join('.');
  for (const h of plan.has) parts.push(`has ${steps(h)}`);
  for (const h of plan.hasnot) parts.push(`hasnot ${steps(h)}`);
  for (const o of plan.order)
    parts.push(`order ${o.kind === 'count' ? `#${o.step.name}` : o.path.path} ${o.direction}`);
  return { key: parts.join(';'), values };
}

/** The plan with its filter values replaced, in plainShape's order (markers when a shape is compiled). */
export function withValues(plan: Plan, values: readonly unknown[]): Plan {
  let i = 0;
  const filters = plan.filters.map((f) => {
    if (Array.isArray(f.value)) {
      const list = values.slice(i, i + f.value.length) as FilterValue[];
      i += f.value.length;
      return { ...f, value: list };
    }
    if (f.op === 'null' || f.op === 'notnull') return f;
    i += 1;
    return { ...f, value: values[i - 1] as FilterValue };
  });
  return { ...plan, filters };
}

export type SearchShape = Shape & { filters: number; lookups: string[] };

/**
 * The shape of a searched page (the search box, alone or beside filters) once every term lookup of its text is
 * resolved (term-cache.ts): the filters' shape, the plan chosen for the search, and the kept terms of each lookup as
 * values after the filters'. Its ids are then compiled once per shape like a plain page's: built by Kysely on every
 * call, a searched status list spent a third of its time there (bench g). Null when some lookup is not kept (its
 * statement then binds the text itself: a `#` number, a short or letterless text, too many terms): built as before.
 * runShaped refuses to keep a shape binding any value that is not one of these, so the rule holds by construction.
 */
export function searchShape(
  ctx: EngineContext,
  plan: Plan,
  extraConditions: number,
  termsLookups: readonly TermsLookup[],
  terms: ResolvedTerms | undefined,
  options: { correlated: boolean; withWindow: boolean },
): SearchShape | null {
  const text = plan.search;
  if (text === null || text.startsWith('#') || !terms) return null;
  const lookups = termsLookups.map(lookupKey);
  if (!lookups.length || !lookups.every((k) => terms.has(k))) return null;
  const filters = plainShape(ctx, plan, extraConditions, true);
  if (!filters) return null;
  const how = `${options.correlated ? 'row-by-row' : 'collected'}${options.withWindow ? '+total' : ''}`;
  return {
    key: `search|${how}|${lookups.length}|${filters.key}`,
    values: [...filters.values, ...lookups.map((k) => terms.get(k))],
    filters: filters.values.length,
    lookups,
  };
}
