import { BOUNDS, rangeOf } from '@app/domain';
import {
  BY_LABEL,
  defaultFilter,
  defaultSwitch,
  labelColumn,
  labelField,
  numberColumn,
} from '../../components/ReferenceData/building-blocks';
import type { ReferenceEntityConfig, ReferenceRecord } from '../../components/ReferenceData/types';
import { pathTo } from '../../lib/routes';

export type Balloon = ReferenceRecord & {
  label: string;
  is_default: 0 | 1;
  passengers: number;
  takeoff_max_mass: number;
  landing_min_mass: number | null;
  empty_mass: number | null;
  market_mass: number | null;
  registration_number: string | null;
  type: string | null;
  volume: number | null;
  gas_mass: number | null;
  envelope_temperature: number | null;
  hourly_consumption: number | null;
  autonomy_time: number | null;
  flying_time: number | null;
  reserve_time: number | null;
  hours_before: number | null;
  last_inspection_on: string | null;
  hours_at_last_inspection: number | null;
  cylinders: number | null;
  flights_count?: number;
};

/**
 * Balloon: label, passengers and takeoff_max_mass required. Units as the server computes with them
 * (services/flight-masses.ts): masses kg, volume m³, consumption kg/h, times in minutes. A row opens its summary.
 */
export const balloonsConfig: ReferenceEntityConfig<Balloon> = {
  entity: 'balloon',
  resource: 'balloons',
  storageKey: 'balloons',
  labels: {
    plural: 'Ballons',
    add: 'Ajouter un ballon',
    createTitle: 'Nouveau ballon',
    editTitle: 'Modifier le ballon',
  },
  nameOf: (row) => row.label,
  deleteMessage: (row) => `Le ballon « ${row.label} » sera supprimé définitivement.`,
  columns: [
    labelColumn(true),
    { label: 'Immatriculation', field: 'registration_number', sortField: 'registration_number' },
    { label: 'Type', field: 'type', sortField: 'type' },
    numberColumn('Volume', 'volume', 'm³'),
    numberColumn('Passagers', 'passengers'),
    numberColumn('Masse max. au décollage', 'takeoff_max_mass', 'kg'),
    numberColumn('Masse à vide', 'empty_mass', 'kg'),
    numberColumn('Charge marchande', 'market_mass', 'kg'),
  ],
  filters: [
    { id: 'type', label: 'Type', type: 'text' },
    {
      id: 'passengers',
      label: 'Passagers (au moins)',
      type: 'text',
      toFilters: (value) => {
        const count = Number(String(value).trim());
        return Number.isFinite(count) && String(value).trim() !== ''
          ? [{ field: 'passengers', op: '>=', value: String(count) }]
          : [];
      },
    },
    defaultFilter,
  ],
  searchPlaceholder: 'Libellé ou immatriculation...',
  defaultOrder: BY_LABEL,
  getRowHref: (row) => pathTo('single-balloon-summary', { balloonId: row.id }),
  sections: [
    {
      title: 'Identification',
      fields: [
        labelField(),
        { kind: 'text', name: 'registration_number', label: 'Immatriculation', maxLength: 50 },
        { kind: 'text', name: 'type', label: 'Type (modèle)', maxLength: 100 },
        defaultSwitch('Ballon par défaut', 'Proposé pour chaque nouveau vol ; remplace le ballon par défaut actuel.'),
      ],
    },
    {
      title: 'Capacité et masses',
      fields: [
        {
          kind: 'number',
          name: 'passengers',
          label: 'Passagers (capacité)',
          isRequired: true,
          ...rangeOf(BOUNDS.balloonCapacity),
          step: 1,
        },
        {
          kind: 'number',
          name: 'takeoff_max_mass',
          label: 'Masse maximale au décollage (kg)',
          isRequired: true,
          ...rangeOf(BOUNDS.takeoffMaxMass),
        },
        {
          kind: 'number',
          name: 'landing_min_mass',
          label: "Masse minimale à l'atterrissage (kg)",
          ...rangeOf(BOUNDS.balloonMass),
        },
        { kind: 'number', name: 'empty_mass', label: 'Masse à vide (kg)', ...rangeOf(BOUNDS.balloonMass) },
        { kind: 'number', name: 'market_mass', label: 'Charge marchande (kg)', ...rangeOf(BOUNDS.balloonMass) },
        { kind: 'number', name: 'gas_mass', label: 'Masse de gaz (kg)', ...rangeOf(BOUNDS.balloonMass) },
      ],
    },
    {
      title: 'Enveloppe',
      fields: [
        { kind: 'number', name: 'volume', label: 'Volume (m³)', ...rangeOf(BOUNDS.volume) },
        {
          kind: 'number',
          name: 'envelope_temperature',
          label: "Température de l'enveloppe (°C)",
          ...rangeOf(BOUNDS.envelopeTemperature),
        },
      ],
    },
    {
      title: 'Carburant et temps de vol',
      fields: [
        {
          kind: 'number',
          name: 'hourly_consumption',
          label: 'Consommation horaire (kg/h)',
          ...rangeOf(BOUNDS.hourlyConsumption),
        },
        { kind: 'number', name: 'autonomy_time', label: 'Autonomie (min)', ...rangeOf(BOUNDS.duration), step: 1 },
        { kind: 'number', name: 'flying_time', label: 'Temps de vol (min)', ...rangeOf(BOUNDS.duration), step: 1 },
        { kind: 'number', name: 'reserve_time', label: 'Temps de réserve (min)', ...rangeOf(BOUNDS.duration), step: 1 },
        {
          kind: 'number',
          name: 'cylinders',
          label: 'Nombre de bouteilles',
          ...rangeOf(BOUNDS.cylinders),
          step: 1,
        },
      ],
    },
    {
      // Issue 30: the technical log; the next inspection is the earlier of 12 months and 100 hours after the last.
      title: 'Heures et visites',
      fields: [
        {
          kind: 'number',
          name: 'hours_before',
          label: 'Heures de vol avant le logiciel (h)',
          ...rangeOf(BOUNDS.balloonHours),
        },
        { kind: 'date', name: 'last_inspection_on', label: 'Dernière visite (annuelle ou 100 h)' },
        {
          kind: 'number',
          name: 'hours_at_last_inspection',
          label: 'Heures du ballon à la dernière visite (h)',
          ...rangeOf(BOUNDS.balloonHours),
        },
      ],
    },
  ],
};
