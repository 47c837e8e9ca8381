import { MESSAGES } from '@app/domain';
import { CloseButton, Combobox, InputBase, type InputBaseProps, Loader, useCombobox } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { pathRead } from '../../api/reads';
import { useSearchText } from '../../lib/debounce';
import { useFieldError } from '../FormModal/form-context';

export type RemoteAutocompleteProps<T> = Pick<
  InputBaseProps,
  'label' | 'description' | 'error' | 'required' | 'disabled' | 'leftSection' | 'variant' | 'size'
> & {
  /** Searched with POST {endpoint} {search}. */
  endpoint: string;
  value: T | null;
  onChange: (item: T | null) => void;
  /** Field shown for an item. @default 'label' */
  labelField?: string;
  /** Wins over labelField. */
  getLabel?: (item: T) => string;
  /** @default item.id */
  getKey?: (item: T) => string | number;
  /** More fields sent with the search (e.g. flight_id). */
  body?: Record<string, unknown>;
  /** Option content in the list; the input still shows getLabel. */
  renderOption?: (item: T) => ReactNode;
  placeholder?: string;
  /** Form field name: the enclosing FormModal's server error for it shows here. */
  name?: string;
  'aria-label'?: string;
};

const readResults = <T,>(answer: unknown): T[] => {
  if (Array.isArray(answer)) return answer as T[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
};

/** Autocomplete: from 3 characters and 200 ms after the last keystroke, asks the server for matches. */
export function RemoteAutocomplete<T>({
  endpoint,
  value,
  onChange,
  labelField = 'label',
  getLabel,
  getKey = (item) => (item as { id: number }).id,
  body,
  renderOption,
  placeholder,
  name,
  error,
  ...inputProps
}: RemoteAutocompleteProps<T>) {
  const labelOf = (item: T): string =>
    getLabel ? getLabel(item) : String((item as Record<string, unknown>)[labelField] ?? '');
  const selectedLabel = value ? labelOf(value) : '';
  const [text, setText] = useState(selectedLabel);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const serverError = useFieldError(name);

  // A value set from outside (form reset, record loaded) shows as the input text; a value this input cleared
  // itself because the user is editing the text must not wipe that text.
  const isClearedByTyping = useRef(false);
  useEffect(() => {
    if (isClearedByTyping.current) {
      isClearedByTyping.current = false;
      return;
    }
    setText(selectedLabel);
  }, [selectedLabel]);

  const searchText = useSearchText(text);
  // The label of the chosen item is not a search: choosing must not fire another request.
  const search = searchText !== '' && searchText !== selectedLabel.trim() ? searchText : '';
  const bodyKey = JSON.stringify(body ?? {});
  const results = useApiQuery(
    pathRead(endpoint, ['autocomplete', search, bodyKey], async () =>
      readResults<T>(await api.post(endpoint, { ...(body ?? {}), search })),
    ),
    { failure: MESSAGES.resultsLoadFailed, enabled: search !== '', staleTime: 0 },
  );

  const items = search !== '' ? (results.data ?? []) : [];
  const hasSearched = search !== '' && results.isSuccess;

  const choose = (key: string) => {
    const item = items.find((candidate) => String(getKey(candidate)) === key);
    if (!item) return;
    onChange(item);
    setText(labelOf(item));
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <InputBase
          {...inputProps}
          name={name}
          error={error ?? serverError}
          placeholder={placeholder}
          value={text}
          autoComplete="off"
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            combobox.openDropdown();
            if (value && next !== selectedLabel) {
              isClearedByTyping.current = true;
              onChange(null);
            }
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            results.isFetching ? (
              <Loader size="xs" />
            ) : value || text ? (
              <CloseButton
                size="sm"
                aria-label="Effacer"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setText('');
                  if (value) onChange(null);
                }}
              />
            ) : null
          }
          rightSectionPointerEvents={results.isFetching ? 'none' : 'all'}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={search === '' || (!hasSearched && items.length === 0)}>
        <Combobox.Options>
          {items.map((item) => (
            <Combobox.Option value={String(getKey(item))} key={String(getKey(item))}>
              {renderOption ? renderOption(item) : labelOf(item)}
            </Combobox.Option>
          ))}
          {hasSearched && items.length === 0 && <Combobox.Empty>{MESSAGES.noResult}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
