import type { Operator, OrderDirection } from '@app/domain';
import type { FieldPath, Step } from './resolve.js';
import type { AppendFunction, Relation, Resource } from './types.js';

// What a checked list query is (validate.ts builds it; the read stages and the API-client scope read it): every
// name a declared one, every value typed.

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
  /**
   * The rows are a page or one record: few enough parents for their plain lists of children to come folded into
   * the rows' statement (embed.ts, foldKind). An unpaged list or an export reads each list by its own statement.
   */
  foldsLists: boolean;
};
