import { type Filter, type OrderItem, parseFilters } from '@app/domain';

/** Filter values of a list, by filter id (plus `<id>_object` companions, see countActiveFilters). */
export type FilterValues = Record<string, unknown>;

export type FilterOption = { value: string; label: string };

/** Options read from the server: GET {endpoint}?count=&order=. */
export type OptionLoader = {
  endpoint: string;
  labelField: string;
  /** Wins over labelField, for a label made of several fields (people: listedName). */
  getLabel?: (item: Record<string, unknown>) => string;
  /** @default 'id' */
  valueField?: string;
  count?: string[];
  /** @default labelField ascending */
  order?: OrderItem[];
};

type FilterBase = {
  /** State key; also names the filter in 'Erreur de chargement : {id}'. */
  id: string;
  label: string;
  /** The queried field or relation path. @default id */
  field?: string;
  /** Replaces the default mapping of the value onto query filters. */
  toFilters?: (value: unknown) => Filter[];
};

export type FilterDefinition = FilterBase &
  (
    | { type: 'text'; placeholder?: string /** @default 'like' (contains) */; op?: 'like' | '=' }
    | { type: 'select'; options?: FilterOption[]; loader?: OptionLoader; isMultiple?: boolean }
    | { type: 'switch' /** Value sent when on. @default '1' */; onValue?: string }
    | { type: 'date' /** @default '=' */; op?: '=' | '<' | '<=' | '>' | '>=' }
    | { type: 'dateRange' }
    | { type: 'autocomplete'; endpoint: string; labelField: string /** @default 'id' */; valueField?: string }
  );

const asText = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
};

/** The query filters one definition contributes, given every filter value of the list. */
export function toFilters(definition: FilterDefinition, values: FilterValues): Filter[] {
  const value = values[definition.id];
  if (value === undefined || value === null) return [];
  if (definition.toFilters) return definition.toFilters(value);
  const field = definition.field ?? definition.id;
  switch (definition.type) {
    case 'text': {
      const text = asText(value);
      if (text === null) return [];
      const op = definition.op ?? 'like';
      return [{ field, op, value: op === 'like' ? `~${text}~` : text }];
    }
    case 'select': {
      if (Array.isArray(value)) {
        const list = value.map(asText).filter((v): v is string => v !== null);
        return list.length > 0 ? [{ field, op: 'in', value: list }] : [];
      }
      const text = asText(value);
      return text === null ? [] : [{ field, op: '=', value: text }];
    }
    case 'switch':
      return value === 1 || value === true ? [{ field, op: '=', value: definition.onValue ?? '1' }] : [];
    case 'date': {
      const text = asText(value);
      return text === null ? [] : [{ field, op: definition.op ?? '=', value: text }];
    }
    case 'dateRange': {
      if (!Array.isArray(value)) return [];
      const [from, to] = value.map(asText);
      const filters: Filter[] = [];
      if (from) filters.push({ field, op: '>=', value: from });
      if (to) filters.push({ field, op: '<=', value: to });
      return filters;
    }
    case 'autocomplete': {
      const text = asText(value);
      return text === null ? [] : [{ field, op: '=', value: text }];
    }
  }
}

/** State key holding the record chosen in an autocomplete filter, kept to show its label. */
export const objectKey = (id: string) => `${id}_object`;

/**
 * Filters a link hands to a list in its URL (`?filters=field|op|value,...`, the API's own language, e.g. the
 * dashboard's 'to do' cards). Unreadable text gives none: the server checks the fields anyway.
 */
export function filtersFromUrl(raw: string | null): Filter[] {
  if (!raw) return [];
  try {
    return parseFilters(raw);
  } catch {
    return [];
  }
}
