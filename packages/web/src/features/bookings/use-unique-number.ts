import { type Filter, MESSAGES } from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { api } from '../../api/client';
import { ENTITY_PATHS, type Entity } from '../../api/entities';
import { useApiQuery } from '../../api/hooks';
import { apiRead } from '../../api/reads';

// Before saving, look for another record (another id when editing) with the same number; a match shows
// 'Ce numéro existe déjà' under the field and blocks saving. The server refuses the same with a 422 anyway.

const CHECK_DELAY_MS = 250;

export type UniqueNumberCheck = {
  /** 'Ce numéro existe déjà' when another record holds it. */
  error: string | undefined;
  /** True while the typed value is not yet checked: saving waits for it. */
  isChecking: boolean;
};

export function useUniqueNumber(options: {
  entity: Entity;
  field: string;
  value: string;
  /** The record being edited, left out of the search. */
  excludeId?: number | null;
  failureMessage: string;
  /** False leaves the check off (an empty optional number, a locked field). */
  isEnabled?: boolean;
}): UniqueNumberCheck {
  const { entity, field, excludeId, failureMessage, isEnabled = true } = options;
  const value = options.value.trim();
  const [debounced] = useDebouncedValue(value, CHECK_DELAY_MS);
  const isActive = isEnabled && debounced !== '' && debounced === value;
  const result = useApiQuery(
    apiRead<{ id: number }[]>(entity, ['unique', field, debounced, excludeId ?? null], (signal) => {
      const filters: Filter[] = [{ field, op: '=', value: debounced }];
      if (excludeId) filters.unshift({ field: 'id', op: '<>', value: String(excludeId) });
      return api.list<{ id: number }>(ENTITY_PATHS[entity], { filters }, signal);
    }),
    { failure: failureMessage, enabled: isActive, staleTime: 0, gcTime: 0 },
  );
  if (!isEnabled || value === '') return { error: undefined, isChecking: false };
  const isChecking = debounced !== value || result.isFetching;
  const isTaken = isActive && (result.data?.length ?? 0) > 0;
  return { error: isTaken ? MESSAGES.numberAlreadyExists : undefined, isChecking };
}
