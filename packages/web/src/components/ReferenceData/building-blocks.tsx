import type { OrderItem } from '@app/domain';
import { formatNumber, NameWithDefault } from './format';
import type { FormField, ReferenceColumn, ReferenceFilter, ReferenceRecord, VisibilityRule } from './types';

// Pieces several reference definitions share, so the same decision is written once.

/** The ticket-template choice on prestations needs ticketing. */
export const whenTicketing: VisibilityRule = (settings) => settings.ticketingEnabled;
/** The location restrictive switch needs the planning widgets (setting equals 1). */
export const whenPlanningWidgets: VisibilityRule = (settings) => settings.planningWidgetsEnabled;

export const BY_LABEL: OrderItem[] = [{ field: 'label', direction: 'ASC' }];

export const labelField = (label = 'Libellé'): FormField => ({
  kind: 'text',
  name: 'label',
  label,
  isRequired: true,
  isWide: true,
});

/** is_default: one per entity; the server clears the previous one in the same transaction. */
export const defaultSwitch = (label: string, description: string): FormField => ({
  kind: 'switch',
  name: 'is_default',
  label,
  description,
  isWide: true,
});

export const defaultFilter: ReferenceFilter = {
  id: 'is_default',
  label: 'Par défaut uniquement',
  type: 'switch',
};

/** The label column, ordered by label, with the 'Par défaut' tag when the entity has one. */
export const labelColumn = <T extends ReferenceRecord>(hasDefault: boolean): ReferenceColumn<T> => ({
  label: 'Libellé',
  field: 'label',
  sortField: 'label',
  render: (row) => <NameWithDefault name={String(row.label ?? '')} isDefault={hasDefault ? row.is_default : 0} />,
});

/** A right-aligned number column in French notation with its unit ('9 000 m³'). */
export const numberColumn = <T extends ReferenceRecord>(
  label: string,
  field: string,
  unit?: string,
): ReferenceColumn<T> => ({
  label,
  field,
  sortField: field,
  align: 'right',
  render: (row) => formatNumber(row[field], unit),
});
