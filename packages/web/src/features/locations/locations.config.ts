import { BOUNDS, rangeOf } from '@app/domain';
import { formatFlag } from '../../components/ReferenceData';
import {
  BY_LABEL,
  defaultFilter,
  defaultSwitch,
  labelColumn,
  labelField,
  numberColumn,
  whenPlanningWidgets,
} from '../../components/ReferenceData/building-blocks';
import type { ReferenceEntityConfig, ReferenceRecord } from '../../components/ReferenceData/types';

export type Location = ReferenceRecord & {
  label: string;
  is_default: 0 | 1;
  is_restrictive: 0 | 1;
  takeoff_altitude: number | null;
  flight_max_altitude: number | null;
  risk_factors: string | null;
};

/**
 * Location: label required; the restrictive switch (default on) shown only with the planning
 * widgets, as is its column and filter: without public planning it means nothing to the user.
 */
export const locationsConfig: ReferenceEntityConfig<Location> = {
  entity: 'location',
  resource: 'locations',
  storageKey: 'locations',
  labels: {
    plural: 'Lieux de vol',
    add: 'Ajouter un lieu de vol',
    createTitle: 'Nouveau lieu de vol',
    editTitle: 'Modifier le lieu de vol',
  },
  nameOf: (row) => row.label,
  deleteMessage: (row) => `Le lieu de vol « ${row.label} » sera supprimé définitivement.`,
  columns: [
    labelColumn(true),
    numberColumn('Altitude de décollage', 'takeoff_altitude', 'm'),
    numberColumn('Altitude maximale de vol', 'flight_max_altitude', 'm'),
    {
      label: 'Restrictif',
      field: 'is_restrictive',
      sortField: 'is_restrictive',
      render: (row) => formatFlag(row.is_restrictive),
      isVisible: whenPlanningWidgets,
    },
  ],
  filters: [
    {
      id: 'is_restrictive',
      label: 'Restrictif',
      type: 'select',
      options: [
        { value: '1', label: 'Oui' },
        { value: '0', label: 'Non' },
      ],
      isVisible: whenPlanningWidgets,
    },
    defaultFilter,
  ],
  searchPlaceholder: 'Rechercher un lieu...',
  defaultOrder: BY_LABEL,
  sections: [
    {
      fields: [
        labelField(),
        { kind: 'number', name: 'takeoff_altitude', label: 'Altitude de décollage (m)', ...rangeOf(BOUNDS.altitude) },
        {
          kind: 'number',
          name: 'flight_max_altitude',
          label: 'Altitude maximale de vol (m)',
          ...rangeOf(BOUNDS.altitude),
        },
        {
          kind: 'switch',
          name: 'is_restrictive',
          label: 'Lieu restrictif',
          description: "Ses vols publics n'apparaissent dans le planning public que filtré sur ce lieu.",
          defaultValue: 1,
          isVisible: whenPlanningWidgets,
          isWide: true,
        },
        defaultSwitch(
          'Lieu de vol par défaut',
          'Proposé pour chaque nouveau vol ; remplace le lieu de vol par défaut actuel.',
        ),
        { kind: 'textarea', name: 'risk_factors', label: 'Facteurs de risque', isWide: true },
      ],
    },
  ],
};
