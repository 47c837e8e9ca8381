import {
  DEFAULT_PER_PAGE,
  type ListQuery,
  MAX_PER_PAGE,
  OPERATORS,
  type Operator,
  type OrderDirection,
} from '@app/domain';
import { BadRequestError } from '../core/errors.js';
import { checkApiClientField, checkApiClientPlan, checkApiClientSteps } from './api-client-scope.js';
import { coerceValue } from './coerce.js';
import {
  checkNoWalkBack,
  checkPathDepth,
  hasControlCharacter,
  MAX_FILTERS,
  MAX_IN_VALUES,
  MAX_PATHS,
  MAX_SEARCH_LENGTH,
  MAX_VALUE_LENGTH,
} from './limits.js';
import { queryMessages } from './messages.js';
import type { EmbedNode, Plan, ResolvedOrder } from './plan.js';
import { type FieldPath, resolveFieldPath, resolveRelationPath, type Step } from './resolve.js';
import { type Field, isNumeric, isTextual, isToMany, type Registry, type Resource } from './types.js';

// Stage 2 of a list read: a parsed ListQuery checked against the resource's declaration, giving a plan whose
// every name is a declared one and every value is typed. Anything unknown or malformed is a 400 naming it.

const COMPARISONS: readonly Operator[] = ['=', '<>', '<', '<=', '>', '>='];

/** A relation path of parameter `parameter`, within the depth limit and never walking back (limits.ts). */
type Checks = { isApiClient: boolean };

function relationPath(registry: Registry, resource: Resource, parameter: string, path: string, checks: Checks): Step[] {
  checkPathDepth(parameter, path);
  const steps = resolveRelationPath(registry, resource, path);
  checkNoWalkBack(parameter, path, steps);
  if (checks.isApiClient) checkApiClientSteps(parameter, path, steps);
  return steps;
}

/** A field path (`relation.relation.field`): its relations bounded like relationPath's. */
function fieldPath(registry: Registry, resource: Resource, parameter: string, path: string, checks: Checks): FieldPath {
  const relations = path.split('.').slice(0, -1).join('.');
  if (relations) checkPathDepth(parameter, relations);
  const resolved = resolveFieldPath(registry, resource, path);
  checkNoWalkBack(parameter, path, resolved.steps);
  if (checks.isApiClient) checkApiClientField(parameter, resolved);
  return resolved;
}

function checkValue(name: string, value: string): void {
  if (value.length > MAX_VALUE_LENGTH) throw new BadRequestError(queryMessages.valueTooLong(name, MAX_VALUE_LENGTH));
  if (hasControlCharacter(value)) throw new BadRequestError(queryMessages.controlCharacter('filters'));
}

function checkPathCount(parameter: string, list: unknown[] | undefined): void {
  if ((list?.length ?? 0) > MAX_PATHS) throw new BadRequestError(queryMessages.tooManyPaths(parameter, MAX_PATHS));
}

/** Which operators a field type accepts; `like` is for text only (it folds accents and case). */
export function operatorsFor(field: Field): readonly Operator[] {
  return isTextual(field) ? OPERATORS : OPERATORS.filter((op) => op !== 'like');
}

function resolveFilter(
  registry: Registry,
  resource: Resource,
  f: NonNullable<ListQuery['filters']>[number],
  checks: Checks,
) {
  if (!(OPERATORS as readonly string[]).includes(f.op)) throw new BadRequestError(queryMessages.unknownOperator(f.op));
  const path = fieldPath(registry, resource, 'filters', f.field, checks);
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
    if (list.length > MAX_IN_VALUES) throw new BadRequestError(queryMessages.tooManyValues(f.field, MAX_IN_VALUES));
    for (const v of list) checkValue(f.field, v);
    return { path, op: f.op, value: list.map((v) => coerceValue(f.field, path.field, v)) };
  }
  const value = Array.isArray(raw) ? raw.join(';') : raw;
  checkValue(f.field, value);
  if (f.op === 'like') return { path, op: f.op, value };
  if (COMPARISONS.includes(f.op)) return { path, op: f.op, value: coerceValue(f.field, path.field, value) };
  throw new BadRequestError(queryMessages.unknownOperator(f.op));
}

/** Order paths may cross single-valued relations only (belongsTo, hasOne), or name `<relation>_count`. */
function resolveOrder(
  registry: Registry,
  resource: Resource,
  item: NonNullable<ListQuery['order']>[number],
  checks: Checks,
): ResolvedOrder {
  const direction: OrderDirection = String(item.direction).toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const countOf = /^([a-z0-9_]+)_count$/.exec(item.field)?.[1];
  if (countOf && !Object.hasOwn(resource.fields, item.field) && resource.relations?.[countOf]) {
    const [step] = relationPath(registry, resource, 'order', countOf, checks);
    if (!step || !isToMany(step.relation)) throw new BadRequestError(queryMessages.notCountable(countOf));
    return { kind: 'count', step, direction };
  }
  const path = fieldPath(registry, resource, 'order', item.field, checks);
  const crossesMany = path.steps.some((s) => isToMany(s.relation));
  if (crossesMany || path.field.sortable === false || path.field.hidden) {
    throw new BadRequestError(queryMessages.notSortable(item.field));
  }
  return { kind: 'field', path, direction };
}

function resolveEmbeds(registry: Registry, resource: Resource, paths: string[], checks: Checks): EmbedNode[] {
  const roots: EmbedNode[] = [];
  for (const path of paths) {
    const steps = relationPath(registry, resource, 'embed', path, checks);
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
  options: { detail?: boolean; isApiClient?: boolean } = {},
): Plan {
  const checks: Checks = { isApiClient: options.isApiClient === true };
  if ((query.filters?.length ?? 0) > MAX_FILTERS) throw new BadRequestError(queryMessages.tooManyFilters(MAX_FILTERS));
  for (const [parameter, list] of Object.entries({
    embed: query.embed,
    count: query.count,
    sum: query.sum,
    order: query.order,
    has: query.has,
    hasnot: query.hasnot,
    append: query.append,
  })) {
    checkPathCount(parameter, list);
  }
  const filters = (query.filters ?? []).map((f) => resolveFilter(registry, resource, f, checks));

  const search = query.search?.trim() || null;
  if (search && search.length > MAX_SEARCH_LENGTH)
    throw new BadRequestError(queryMessages.searchTooLong(MAX_SEARCH_LENGTH));
  if (search && hasControlCharacter(search)) throw new BadRequestError(queryMessages.controlCharacter('search'));
  if (search && !resource.search?.length) throw new BadRequestError(queryMessages.searchUnavailable);

  const has = nonEmpty(query.has).map((p) => relationPath(registry, resource, 'has', p, checks));
  const hasnot = nonEmpty(query.hasnot).map((p) => relationPath(registry, resource, 'hasnot', p, checks));

  const order = (query.order ?? []).map((o) => resolveOrder(registry, resource, o, checks));

  const embeds = resolveEmbeds(registry, resource, nonEmpty(query.embed), checks);

  const counts = nonEmpty(query.count).map((name) => {
    const steps = relationPath(registry, resource, 'count', name, checks);
    const step = steps[0];
    if (steps.length !== 1 || !step || !isToMany(step.relation))
      throw new BadRequestError(queryMessages.notCountable(name));
    return { name, step };
  });

  const sums = nonEmpty(query.sum).map((name) => {
    const path = fieldPath(registry, resource, 'sum', name, checks);
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
  if (query.per_page !== undefined && page === null && !options.detail) {
    throw new BadRequestError(queryMessages.perPageWithoutPage);
  }

  const foldsLists = page !== null || options.detail === true;
  const plan = {
    resource,
    filters,
    search,
    has,
    hasnot,
    order,
    embeds,
    counts,
    sums,
    appends,
    page,
    perPage,
    foldsLists,
  };
  if (checks.isApiClient) checkApiClientPlan(plan);
  return plan;
}
