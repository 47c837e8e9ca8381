import type { SessionSettings } from '@app/domain';
import type { Flag } from '..';
import type { FormField, FormSection, VisibilityRule } from './types';

// The dialog's state and payload, apart from the view: inputs hold text (what the browser gives), switches 0/1,
// choices an id as text or null; the payload holds what the API's zod schemas expect (domain/schemas).

export type FieldValue = string | Flag | null | string[];
export type FormValues = Record<string, FieldValue>;

export const isShown = (rule: VisibilityRule | undefined, settings: SessionSettings): boolean =>
  rule === undefined || rule(settings);

/** The fields of the sections the current settings show, sections left empty dropped. */
export function visibleSections(sections: FormSection[], settings: SessionSettings): FormSection[] {
  return sections
    .map((section) => ({ ...section, fields: section.fields.filter((field) => isShown(field.isVisible, settings)) }))
    .filter((section) => section.fields.length > 0);
}

const allFields = (sections: FormSection[]): FormField[] => sections.flatMap((section) => section.fields);

function initialValue(field: FormField, stored: unknown): FieldValue {
  switch (field.kind) {
    case 'switch':
      if (stored === undefined || stored === null) return field.defaultValue ?? 0;
      return stored === 1 || stored === true ? 1 : 0;
    case 'select':
      return stored === undefined || stored === null ? null : String(stored);
    case 'multiselect':
      // Embedded records ({id}) or plain ids.
      return Array.isArray(stored)
        ? stored.map((item) => String(typeof item === 'object' && item !== null ? (item as { id: unknown }).id : item))
        : [];
    default:
      return stored === undefined || stored === null ? '' : String(stored);
  }
}

/** Values of a new record (defaults) or of the record being edited. */
export function initialValues(sections: FormSection[], record: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(
    allFields(sections).map((field) => [field.name, initialValue(field, record?.[field.name])]),
  );
}

function payloadValue(field: FormField, value: FieldValue | undefined): unknown {
  switch (field.kind) {
    case 'switch':
      return value === 1 ? 1 : 0;
    case 'select':
      if (value === null || value === undefined || value === '') return null;
      return field.isTextValue ? String(value) : Number(value);
    case 'multiselect':
      return Array.isArray(value) ? value.map(Number) : [];
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : Number(text);
    }
    default:
      // Optional texts left empty become null on the server (domain schemas); required ones never reach it empty.
      return typeof value === 'string' ? value : '';
  }
}

/** The POST/PUT body: every shown field, hidden ones left out so their stored value stays. */
export function toPayload(
  sections: FormSection[],
  values: FormValues,
  settings: SessionSettings,
): Record<string, unknown> {
  return Object.fromEntries(
    allFields(visibleSections(sections, settings)).map((field) => [
      field.name,
      payloadValue(field, values[field.name]),
    ]),
  );
}
