import { createFailedMessage, updateFailedMessage } from '@app/domain';
import { Divider, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { optionsRead, resource } from '../../api/reads';
import { useMe } from '../../session/store';
import { FlagSwitch, FormModal, PhoneInput, TextAreaField } from '..';
import { type FieldValue, type FormValues, initialValues, toPayload, visibleSections } from './form-values';
import type { FormField, FormSection, ReferenceEntityConfig, ReferenceRecord } from './types';

const wide: CSSProperties = { gridColumn: '1 / -1' };

/** A label alone needs a small dialog; a balloon's sixteen fields a wide one. */
const dialogSize = (fieldCount: number) => (fieldCount <= 2 ? 'md' : fieldCount <= 8 ? 'lg' : 'xl');

type SelectFieldProps = {
  field: Extract<FormField, { kind: 'select' }>;
  isRequired?: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
};

/** The options of a choice field, read with the key the filters and dialogs share. */
function useOptions(field: Extract<FormField, { kind: 'select' | 'multiselect' }>) {
  const { endpoint, labelField, getLabel, valueField = 'id', order } = field.options;
  const result = useApiQuery(optionsRead(endpoint, labelField, order), { failure: field.loadFailedMessage });
  const data = (result.data ?? []).map((item) => ({
    value: String(item[valueField]),
    label: getLabel ? getLabel(item) : String(item[labelField] ?? ''),
  }));
  return { data, isLoading: result.isLoading };
}

/** A choice among another endpoint's records (prestation → ticket template), loaded when the dialog opens. */
function SelectField({ field, isRequired, value, onChange, error }: SelectFieldProps) {
  const { data, isLoading } = useOptions(field);
  return (
    <Select
      label={field.label}
      description={field.description}
      data={data}
      value={value}
      onChange={onChange}
      placeholder={isLoading ? 'Chargement...' : isRequired ? 'Choisir...' : 'Aucun'}
      searchable
      clearable={!isRequired}
      required={isRequired}
      nothingFoundMessage="Aucun résultat..."
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function MultiSelectField({
  field,
  value,
  onChange,
  error,
}: {
  field: Extract<FormField, { kind: 'multiselect' }>;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const { data, isLoading } = useOptions(field);
  return (
    <MultiSelect
      label={field.label}
      description={field.description}
      data={data}
      value={value}
      onChange={onChange}
      placeholder={isLoading ? 'Chargement...' : value.length ? undefined : 'Aucune'}
      searchable
      clearable
      nothingFoundMessage="Aucun résultat..."
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

type FieldInputProps = {
  field: FormField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  error?: string;
};

/** One field of a record dialog, by its kind. Required fields carry the native `required`. */
export function FieldInput({ field, value, onChange, error }: FieldInputProps) {
  const text = typeof value === 'string' ? value : '';
  const common = {
    name: field.name,
    label: field.label,
    description: field.description,
    required: field.isRequired,
    error,
    style: field.isWide ? wide : undefined,
  };
  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={text}
          maxLength={field.maxLength ?? 255}
          autoComplete={field.autoComplete ?? 'off'}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'email':
      return (
        <TextInput
          {...common}
          type="email"
          autoComplete="email"
          maxLength={255}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'phone':
      return <PhoneInput {...common} maxLength={50} value={text} onChange={onChange} />;
    case 'number':
      return (
        <TextInput
          {...common}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step ?? 'any'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'date':
    case 'time':
      return (
        <TextInput
          {...common}
          type={field.kind}
          value={field.kind === 'time' ? text.slice(0, 5) : text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'switch':
      return (
        <FlagSwitch
          name={field.name}
          label={field.label}
          description={field.description}
          value={value === 1 ? 1 : 0}
          onChange={onChange}
          // Level with the inputs beside it in the grid, whose labels sit above them.
          style={{ alignSelf: 'center', ...(field.isWide ? wide : undefined) }}
        />
      );
    case 'textarea':
      return <TextAreaField {...common} value={text} onChange={onChange} autosize={false} />;
    case 'multiselect':
      return (
        <div style={field.isWide ? wide : undefined}>
          <MultiSelectField field={field} value={Array.isArray(value) ? value : []} onChange={onChange} error={error} />
        </div>
      );
    case 'select':
      return (
        <div style={field.isWide ? wide : undefined}>
          <SelectField
            field={field}
            isRequired={field.isRequired}
            value={typeof value === 'string' ? value : null}
            onChange={onChange}
            error={error}
          />
        </div>
      );
  }
}

export type FormSectionsProps = {
  sections: FormSection[];
  values: FormValues;
  onChange: (name: string) => (value: FieldValue) => void;
  errors: Record<string, string>;
  /** Replaces the input of a field (a computed amount, a choice that clears others...); undefined keeps the default. */
  renderField?: (field: FormField) => ReactNode | undefined;
};

/** Declared sections as a two-column grid of inputs, each under its divider (reference and booking dialogs). */
export function FormSections({ sections, values, onChange, errors, renderField }: FormSectionsProps) {
  return sections.map((section, index) => (
    <Stack key={section.title ?? index} gap="sm">
      {section.title && <Divider label={section.title} labelPosition="left" fw={600} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {section.fields.map(
          (field) =>
            renderField?.(field) ?? (
              <FieldInput
                key={field.name}
                field={field}
                value={values[field.name] ?? null}
                onChange={onChange(field.name)}
                error={errors[field.name]}
              />
            ),
        )}
      </SimpleGrid>
    </Stack>
  ));
}

export type ReferenceFormDialogProps<T extends ReferenceRecord> = {
  config: ReferenceEntityConfig<T>;
  /** The record to edit; null creates one. */
  record: T | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (saved: T) => void;
};

/**
 * Creation/edit dialog of a reference entity, from its definition: its fields in sections, the required fields
 * checked by the browser, email/tel inputs, the visibility rules of the settings, 'Données
 * sauvegardées' on success and the entity's creation/modification failure otherwise. Mount it with a new
 * key for each opening: its values start from the record then.
 */
export function ReferenceFormDialog<T extends ReferenceRecord>({
  config,
  record,
  opened,
  onClose,
  onSaved,
}: ReferenceFormDialogProps<T>) {
  const { settings } = useMe();
  const records = resource(config.resource);
  const [values, setValues] = useState<FormValues>(() => initialValues(config.sections, record));
  const sections = visibleSections(config.sections, settings);
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <FormModal<T>
      opened={opened}
      onClose={onClose}
      title={record ? config.labels.editTitle : config.labels.createTitle}
      failureMessage={record ? updateFailedMessage(config.entity) : createFailedMessage(config.entity)}
      onSubmit={() => {
        const payload = toPayload(config.sections, values, settings);
        return record ? records.update<T>(record.id, payload) : records.create<T>(payload);
      }}
      onSaved={onSaved}
      size={dialogSize(sections.reduce((count, section) => count + section.fields.length, 0))}
    >
      {({ errors }) => <FormSections sections={sections} values={values} onChange={set} errors={errors} />}
    </FormModal>
  );
}
