import {
  DEFAULT_PER_PAGE,
  type ListQuery,
  MAX_PER_PAGE,
  OPERATORS,
  type Operator,
  type OrderDirection,
} from '@app/domain';
import { BadRequestError } from '../http/errors.js';
import { coerceValue } from './coerce.js';
import { queryMessages } from './messages.js';
import { type FieldPath, resolveFieldPath, resolveRelationPath, type Step } from './resolve.js';
import {
  type AppendFunction,
  type Field,
  isNumeric,
  isTextual,
  isToMany,
  type Registry,
  type Relation,
  type Resource,
} from './types.js';

// Stage 2 of a list read: a parsed ListQuery checked against the resource's declaration, giving a plan whose
// every name is a declared one and every value is typed. Anything unknown or malformed is a 400 naming it.

export type FilterValue = string | number;
export type ResolvedFilter = { path: FieldPath; op: Operator; value: FilterValue | FilterValue[] | null };
export type EmbedNode = { name: string; relation: Relation; resource: Resource; children: EmbedNode[] };
export type ResolvedOrder =
  | { kind: 'field'; path: FieldPath; direction: OrderDirection }
  | { kind: 'count'; step: Step; direction: OrderDirection };
export type ResolvedCount = { name: string; step: Step };

export type Plan = {
  resource: Resource;
  filters: ResolvedFilter[];
  search: string | null;
  has: Step[][];
  hasnot: Step[][];
  order: ResolvedOrder[];
  embeds: EmbedNode[];
  counts: ResolvedCount[];
  sums: FieldPath[];
  appends: { name: string; run: AppendFunction }[];
  page: number | null;
  perPage: number;
};

const COMPARISONS: readonly Operator[] = ['=', '<>', '<', '<=', '>', '>='];

/** Which operators a field type accepts; `like` is for text only (it folds accents and case). */
export function operatorsFor(field: Field): readonly Operator[] {
  return isTextual(field) ? OPERATORS : OPERATORS.filter((op) => op !== 'like');
}

function resolveFilter(registry: Registry, resource: Resource, f: NonNullable<ListQuery['filters']>[number]) {
  if (!(OPERATORS as readonly string[]).includes(f.op)) throw new BadRequestError(queryMessages.unknownOperator(f.op));
  const path = resolveFieldPath(registry, resource, f.field);
  if (path.field.filterable === false || path.field.hidden)
    throw new BadRequestError(queryMessages.notFilterable(f.field));
  if (!operatorsFor(path.field).includes(f.op))
    throw new BadRequestError(queryMessages.operatorNotAllowed(f.op, f.field));
  if (f.op === 'null' || f.op === 'notnull') return { path, op: f.op, value: null };
  const raw = f.value;
  if (raw === undefined || raw === null) throw new BadRequestError(queryMessages.missingValue(f.field));
  if (f.op === 'in' || f.op === 'notin') {
    const list = (Array.isArray(raw) ? raw : raw.split(';')).filter((v) => v !== '');
    if (list.length === 0) throw new BadRequestError(queryMessages.missingValue(f.field));
    return { path, op: f.op, value: list.map((v) => coerceValue(f.field, path.field, v)) };
  }
  const value = Array.isArray(raw) ? raw.join(';') : raw;
  if (f.op === 'like') return { path, op: f.op, value };
  if (COMPARISONS.includes(f.op)) return { path, op: f.op, value: coerceValue(f.field, path.field, value) };
  throw new BadRequestError(queryMessages.unknownOperator(f.op));
}

/** Order paths may cross single-valued relations only (belongsTo, hasOne), or name `<relation>_count`. */
function resolveOrder(
  registry: Registry,
  resource: Resource,
  item: NonNullable<ListQuery['order']>[number],
): ResolvedOrder {
  const direction: OrderDirection = String(item.direction).toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const countOf = /^([a-z0-9_]+)_count$/.exec(item.field)?.[1];
  if (countOf && !Object.hasOwn(resource.fields, item.field) && resource.relations?.[countOf]) {
    const [step] = resolveRelationPath(registry, resource, countOf);
    if (!step || !isToMany(step.relation)) throw new BadRequestError(queryMessages.notCountable(countOf));
    return { kind: 'count', step, direction };
  }
  const path = resolveFieldPath(registry, resource, item.field);
  const crossesMany = path.steps.some((s) => isToMany(s.relation));
  if (crossesMany || path.field.sortable === false || path.field.hidden) {
    throw new BadRequestError(queryMessages.notSortable(item.field));
  }
  return { kind: 'field', path, direction };
}

function resolveEmbeds(registry: Registry, resource: Resource, paths: string[]): EmbedNode[] {
  const roots: EmbedNode[] = [];
  for (const path of paths) {
    const steps = resolveRelationPath(registry, resource, path);
    let level = roots;
    for (const s of steps) {
      let node = level.find((n) => n.name === s.name);
      if (!node) {
        node = { name: s.name, relation: s.relation, resource: s.to, children: [] };
        level.push(node);
      }
      level = node.children;
    }
  }
  return roots;
}

const nonEmpty = (list: string[] | undefined): string[] => (list ?? []).map((s) => s.trim()).filter(Boolean);

export function validateQuery(
  registry: Registry,
  resource: Resource,
  query: ListQuery,
  options: { detail?: boolean } = {},
): Plan {
  const filters = (query.filters ?? []).map((f) => resolveFilter(registry, resource, f));

  const search = query.search?.trim() || null;
  if (search && !resource.search?.length) throw new BadRequestError(queryMessages.searchUnavailable);

  const has = nonEmpty(query.has).map((p) => resolveRelationPath(registry, resource, p));
  const hasnot = nonEmpty(query.hasnot).map((p) => resolveRelationPath(registry, resource, p));

  const order = (query.order ?? []).map((o) => resolveOrder(registry, resource, o));

  const embeds = resolveEmbeds(registry, resource, nonEmpty(query.embed));

  const counts = nonEmpty(query.count).map((name) => {
    const steps = resolveRelationPath(registry, resource, name);
    const step = steps[0];
    if (steps.length !== 1 || !step || !isToMany(step.relation))
      throw new BadRequestError(queryMessages.notCountable(name));
    return { name, step };
  });

  const sums = nonEmpty(query.sum).map((name) => {
    const path = resolveFieldPath(registry, resource, name);
    if (path.steps.length || !isNumeric(path.field) || path.field.type === 'id' || path.field.hidden) {
      throw new BadRequestError(queryMessages.notSummable(name));
    }
    return path;
  });

  const appends = nonEmpty(query.append).map((name) => {
    const run = Object.hasOwn(resource.appends ?? {}, name) ? resource.appends?.[name] : undefined;
    if (!run) throw new BadRequestError(queryMessages.unknownAppend(name));
    return { name, run };
  });

  const page = query.page ?? null;
  if (page !== null && options.detail) throw new BadRequestError(queryMessages.pageOnDetail);
  if (page !== null && (!Number.isInteger(page) || page < 1)) throw new BadRequestError(queryMessages.invalidPage);
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new BadRequestError(queryMessages.invalidPerPage(MAX_PER_PAGE));
  }
  if (sums.length && page === null) throw new BadRequestError(queryMessages.sumWithoutPage);

  return { resource, filters, search, has, hasnot, order, embeds, counts, sums, appends, page, perPage };
}
