import type { ReferenceEntityConfig, ReferenceRecord } from '../../components/ReferenceData/types';

export type Teammate = ReferenceRecord & {
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone: string | null;
};

/** Teammate: first and last name required, listed by last then first name. */
export const teammatesConfig: ReferenceEntityConfig<Teammate> = {
  entity: 'teammate',
  resource: 'teammates',
  storageKey: 'teammates',
  labels: {
    plural: 'Équipiers',
    add: 'Ajouter un équipier',
    createTitle: 'Nouvel équipier',
    editTitle: "Modifier l'équipier",
  },
  nameOf: (row) => row.full_name,
  deleteMessage: (row) => `L'équipier « ${row.full_name} » sera supprimé définitivement.`,
  columns: [
    { label: 'Nom', field: 'last_name', sortField: 'last_name' },
    { label: 'Prénom', field: 'first_name', sortField: 'first_name' },
    { label: 'Email', field: 'email', sortField: 'email' },
    { label: 'Téléphone', field: 'phone' },
  ],
  filters: [
    { id: 'last_name', label: 'Nom', type: 'text' },
    { id: 'first_name', label: 'Prénom', type: 'text' },
  ],
  searchPlaceholder: 'Rechercher un équipier...',
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  sections: [
    {
      fields: [
        { kind: 'text', name: 'first_name', label: 'Prénom', isRequired: true },
        { kind: 'text', name: 'last_name', label: 'Nom', isRequired: true },
        { kind: 'email', name: 'email', label: 'Email' },
        { kind: 'phone', name: 'phone', label: 'Téléphone' },
      ],
    },
  ],
};
