import { BOUNDS, frenchDate, listedName, rangeOf } from '@app/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { NameWithDefault } from '../../components/ReferenceData';
import { defaultFilter, defaultSwitch, numberColumn } from '../../components/ReferenceData/building-blocks';
import type { ReferenceEntityConfig, ReferenceRecord } from '../../components/ReferenceData/types';
import { pathTo } from '../../lib/routes';

export type Pilot = ReferenceRecord & {
  first_name: string;
  last_name: string;
  full_name: string;
  is_default: 0 | 1;
  email: string | null;
  phone: string | null;
  weight: number | null;
  bag_weight: number | null;
  licence_number: string | null;
  licence_expires_on: string | null;
  medical_expires_on: string | null;
};

/** Pilot: first and last name required, email and tel inputs, shown as full_name. */
export const pilotsConfig: ReferenceEntityConfig<Pilot> = {
  entity: 'pilot',
  resource: 'pilots',
  storageKey: 'pilots',
  labels: {
    plural: 'Pilotes',
    add: 'Ajouter un pilote',
    createTitle: 'Nouveau pilote',
    editTitle: 'Modifier le pilote',
  },
  nameOf: (row) => row.full_name,
  deleteMessage: (row) => `Le pilote « ${row.full_name} » sera supprimé définitivement.`,
  columns: [
    {
      label: 'Nom complet',
      field: 'full_name',
      sortField: 'last_name',
      render: (row) => <NameWithDefault name={listedName(row)} isDefault={row.is_default} />,
    },
    { label: 'Email', field: 'email', sortField: 'email' },
    { label: 'Téléphone', field: 'phone' },
    numberColumn('Poids', 'weight', 'kg'),
    numberColumn('Poids du sac', 'bag_weight', 'kg'),
    {
      label: 'Licence',
      field: 'licence_expires_on',
      sortField: 'licence_expires_on',
      render: (row) => (row.licence_expires_on ? `jusqu'au ${frenchDate(row.licence_expires_on)}` : '—'),
    },
    {
      label: 'Carnet de vol',
      key: 'logbook',
      render: (row) => (
        <Anchor
          component={Link}
          to={pathTo('pilot-logbook', { pilotId: row.id })}
          size="sm"
          onClick={(event) => event.stopPropagation()}
        >
          Carnet de vol
        </Anchor>
      ),
    },
  ],
  filters: [
    { id: 'last_name', label: 'Nom', type: 'text' },
    { id: 'email', label: 'Email', type: 'text' },
    defaultFilter,
  ],
  searchPlaceholder: 'Rechercher un pilote...',
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  sections: [
    {
      title: 'Identité',
      fields: [
        { kind: 'text', name: 'first_name', label: 'Prénom', isRequired: true, autoComplete: 'off' },
        { kind: 'text', name: 'last_name', label: 'Nom', isRequired: true },
        { kind: 'email', name: 'email', label: 'Email' },
        { kind: 'phone', name: 'phone', label: 'Téléphone' },
      ],
    },
    {
      title: 'Masses pour le plan de vol',
      fields: [
        { kind: 'number', name: 'weight', label: 'Poids (kg)', ...rangeOf(BOUNDS.pilotWeight) },
        { kind: 'number', name: 'bag_weight', label: 'Poids du sac (kg)', ...rangeOf(BOUNDS.bagWeight) },
        defaultSwitch('Pilote par défaut', 'Proposé pour chaque nouveau vol ; remplace le pilote par défaut actuel.'),
      ],
    },
    {
      // Issue 30: the pilot's currency on each flight's day (a warning on the flight, never a refusal).
      title: 'Licence et aptitude médicale',
      fields: [
        { kind: 'text', name: 'licence_number', label: 'Numéro de licence', maxLength: 40 },
        { kind: 'date', name: 'licence_expires_on', label: 'Licence valable jusqu’au' },
        { kind: 'date', name: 'medical_expires_on', label: 'Aptitude médicale valable jusqu’au' },
      ],
    },
  ],
};
