import { filterLoadFailedMessage } from '@app/domain';
import { MultiSelect, Select, TextInput } from '@mantine/core';
// The date pickers' styles come with the screens that show one, not in every page's first stylesheet.
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useApiQuery } from '../../api/hooks';
import { filterOptionsRead } from '../../api/reads';
import { type FilterDefinition, type FilterOption, type FilterValues, objectKey } from '../../lib/list-state';
import { FlagSwitch } from '../FlagSwitch/FlagSwitch';
import { FrenchDateInput } from '../FrenchDateInput/FrenchDateInput';
import { RemoteAutocomplete } from '../RemoteAutocomplete/RemoteAutocomplete';

type SelectDefinition = Extract<FilterDefinition, { type: 'select' }>;

/** Each filter loads its own options, GET {endpoint}?count=&order=. */
function useFilterOptions(definition: SelectDefinition): { options: FilterOption[]; isLoading: boolean } {
  const loader = definition.loader;
  const order = loader?.order ?? (loader ? [{ field: loader.labelField, direction: 'ASC' as const }] : []);
  const result = useApiQuery(filterOptionsRead(loader?.endpoint ?? '', loader?.count, order), {
    failure: filterLoadFailedMessage(definition.id),
    enabled: loader !== undefined,
    staleTime: 5 * 60_000,
  });
  if (!loader) return { options: definition.options ?? [], isLoading: false };
  const valueField = loader.valueField ?? 'id';
  const options = (result.data ?? []).map((item) => ({
    value: String(item[valueField]),
    label: loader.getLabel ? loader.getLabel(item) : String(item[loader.labelField] ?? ''),
  }));
  return { options, isLoading: result.isLoading };
}

function SelectFilter({
  definition,
  value,
  onChange,
}: {
  definition: SelectDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { options, isLoading } = useFilterOptions(definition);
  const placeholder = isLoading ? 'Chargement...' : undefined;
  if (definition.isMultiple) {
    return (
      <MultiSelect
        label={definition.label}
        data={options}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={onChange}
        placeholder={placeholder}
        searchable
        clearable
      />
    );
  }
  return (
    <Select
      label={definition.label}
      data={options}
      value={value === undefined || value === null ? null : String(value)}
      onChange={onChange}
      placeholder={placeholder}
      searchable
      clearable
    />
  );
}

export type FilterFieldProps = {
  definition: FilterDefinition;
  values: FilterValues;
  onChange: (name: string, value: unknown) => void;
};

/** The input of one filter of a data list, by its type. */
export function FilterField({ definition, values, onChange }: FilterFieldProps) {
  const value = values[definition.id];
  const set = (next: unknown) => onChange(definition.id, next);
  switch (definition.type) {
    case 'text':
      return (
        <TextInput
          label={definition.label}
          placeholder={definition.placeholder}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case 'select':
      return <SelectFilter definition={definition} value={value} onChange={set} />;
    case 'switch':
      return (
        <FlagSwitch
          label={definition.label}
          value={value === 1 || value === true ? 1 : 0}
          onChange={(flag) => set(flag === 1 ? 1 : null)}
          mt="lg"
        />
      );
    case 'date':
      return (
        <FrenchDateInput
          label={definition.label}
          value={typeof value === 'string' ? value : null}
          onChange={set}
          clearable
        />
      );
    case 'dateRange':
      return (
        <DatePickerInput
          type="range"
          label={definition.label}
          value={Array.isArray(value) ? (value as [string | null, string | null]) : [null, null]}
          onChange={set}
          valueFormat="DD/MM/YYYY"
          clearable
        />
      );
    case 'autocomplete': {
      const valueField = definition.valueField ?? 'id';
      const chosen = values[objectKey(definition.id)];
      return (
        <RemoteAutocomplete<Record<string, unknown>>
          label={definition.label}
          endpoint={definition.endpoint}
          labelField={definition.labelField}
          getKey={(item) => String(item[valueField])}
          value={chosen && typeof chosen === 'object' ? (chosen as Record<string, unknown>) : null}
          onChange={(item) => {
            // The id filters the list; the record, kept beside it, shows its label again when the panel reopens.
            onChange(objectKey(definition.id), item);
            set(item ? String(item[valueField]) : null);
          }}
        />
      );
    }
  }
}
