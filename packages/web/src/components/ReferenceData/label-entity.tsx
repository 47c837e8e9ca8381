import type { SavableEntity } from '@app/domain';
import type { Entity } from '../../api/entities';
import { BY_LABEL, defaultFilter, defaultSwitch, labelColumn, labelField } from './building-blocks';
import type { FormField, ReferenceColumn, ReferenceEntityConfig, ReferenceFilter, ReferenceRecord } from './types';

export type LabelRecord = ReferenceRecord & { label: string; is_default?: 0 | 1 };

type LabelEntityOptions<T extends LabelRecord> = {
  entity: SavableEntity;
  resource: Entity;
  storageKey: string;
  labels: ReferenceEntityConfig<T>['labels'];
  deleteMessage: (label: string) => string;
  /** is_default, with the switch's label and description. */
  isDefault?: { label: string; description: string };
  extraFields?: FormField[];
  extraColumns?: ReferenceColumn<T>[];
  extraFilters?: ReferenceFilter[];
  embed?: string[];
};

/**
 * The definition of a labelled lookup (booking origin, business provider, payment method, passenger type,
 * flight type, prestation): a required label, searched and ordered by label, optionally a default.
 */
export function labelEntity<T extends LabelRecord>(options: LabelEntityOptions<T>): ReferenceEntityConfig<T> {
  const hasDefault = options.isDefault !== undefined;
  return {
    entity: options.entity,
    resource: options.resource,
    storageKey: options.storageKey,
    labels: options.labels,
    nameOf: (row) => row.label,
    deleteMessage: (row) => options.deleteMessage(row.label),
    columns: [labelColumn<T>(hasDefault), ...(options.extraColumns ?? [])],
    filters: [...(options.extraFilters ?? []), ...(hasDefault ? [defaultFilter] : [])],
    searchPlaceholder: 'Rechercher un libellé...',
    defaultOrder: BY_LABEL,
    embed: options.embed,
    sections: [
      {
        fields: [
          labelField(),
          ...(options.extraFields ?? []),
          ...(options.isDefault ? [defaultSwitch(options.isDefault.label, options.isDefault.description)] : []),
        ],
      },
    ],
  };
}
