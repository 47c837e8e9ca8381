import { BadRequestError } from '../core/errors.js';
import { queryMessages } from './messages.js';
import { targetOf } from './relations.js';
import { ref } from './sql.js';
import type { Field, Registry, Relation, Resource } from './types.js';

// Turns the dotted paths of a query (`customer.last_name`, `passengers.flights`) into declaration steps.
// Anything not declared is a 400 naming it: the request text never becomes an identifier.

export type Step = { name: string; relation: Relation; from: Resource; to: Resource };
export type FieldPath = { path: string; steps: Step[]; resource: Resource; name: string; field: Field };

function step(registry: Registry, from: Resource, name: string, path: string): Step {
  const relation = Object.hasOwn(from.relations ?? {}, name) ? from.relations?.[name] : undefined;
  if (!relation) throw new BadRequestError(queryMessages.unknownRelation(path));
  return { name, relation, from, to: targetOf(registry, relation) };
}

export function resolveRelationPath(registry: Registry, resource: Resource, path: string): Step[] {
  const steps: Step[] = [];
  let current = resource;
  const parts = path.split('.');
  for (const [i, name] of parts.entries()) {
    const s = step(registry, current, name, parts.slice(0, i + 1).join('.'));
    steps.push(s);
    current = s.to;
  }
  return steps;
}

export function resolveFieldPath(registry: Registry, resource: Resource, path: string): FieldPath {
  const parts = path.split('.');
  const name = parts.pop()!;
  const steps = parts.length ? resolveRelationPath(registry, resource, parts.join('.')) : [];
  const owner = steps.at(-1)?.to ?? resource;
  const field = Object.hasOwn(owner.fields, name) ? owner.fields[name] : undefined;
  if (!field) throw new BadRequestError(queryMessages.unknownField(path));
  return { path, steps, resource: owner, name, field };
}

/** The SQL of a field on a row alias: its column, or its computed expression. */
export const fieldExpression = (name: string, field: Field, alias: string) =>
  field.sql ? field.sql(alias) : ref(alias, field.column ?? name);
