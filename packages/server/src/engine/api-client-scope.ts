import { ForbiddenError } from '../core/errors.js';
import { queryMessages } from './messages.js';
import type { EmbedNode, Plan } from './plan.js';
import type { FieldPath, Step } from './resolve.js';
import type { Resource, Row } from './types.js';

// What an API key may read (Resource.apiClient): checked on every path of its query, and applied to its answer so
// that a field no declaration allows never leaves the server, embedded or not.

const mayReadRelation = (step: Step): boolean =>
  Boolean(step.from.apiClient?.relations?.includes(step.name) && step.to.apiClient);

export function checkApiClientSteps(parameter: string, path: string, steps: Step[]): void {
  for (const step of steps) {
    if (!mayReadRelation(step)) throw new ForbiddenError(queryMessages.apiClientForbidden(parameter, path));
  }
}

export function checkApiClientField(parameter: string, path: FieldPath): void {
  checkApiClientSteps(parameter, path.path, path.steps);
  if (!path.resource.apiClient?.fields.includes(path.name)) {
    throw new ForbiddenError(queryMessages.apiClientForbidden(parameter, path.path));
  }
}

export function checkApiClientPlan(plan: Plan): void {
  const { resource } = plan;
  if (!resource.apiClient) throw new ForbiddenError(queryMessages.apiClientForbidden('resource', resource.name));
  if (plan.search !== null) throw new ForbiddenError(queryMessages.apiClientForbidden('search', plan.search));
  for (const a of plan.appends) {
    if (!resource.apiClient.appends?.includes(a.name)) {
      throw new ForbiddenError(queryMessages.apiClientForbidden('append', a.name));
    }
  }
}

function pruneRow(resource: Resource, row: Row, embeds: EmbedNode[], counts: string[]): void {
  const keep = new Set([
    ...(resource.apiClient?.fields ?? []),
    ...(resource.apiClient?.appends ?? []),
    ...embeds.map((e) => e.name),
    ...counts.map((c) => `${c}_count`),
  ]);
  for (const key of Object.keys(row)) if (!keep.has(key)) delete row[key];
  for (const node of embeds) {
    const value = row[node.name];
    for (const child of Array.isArray(value) ? value : value ? [value] : []) {
      pruneRow(node.resource, child as Row, node.children, []);
    }
  }
}

/** Removes from the rows every field the API key may not read (the query itself was checked before). */
export function pruneForApiClient(plan: Plan, rows: Row[]): void {
  for (const row of rows) {
    pruneRow(
      plan.resource,
      row,
      plan.embeds,
      plan.counts.map((c) => c.name),
    );
  }
}
