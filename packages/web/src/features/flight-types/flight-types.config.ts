import { labelEntity } from '../../components/ReferenceData/label-entity';

/** Flight type: label and is_default (pre-filled in new flights). */
export const flightTypesConfig = labelEntity({
  entity: 'flightType',
  resource: 'flight-types',
  storageKey: 'flight-types',
  labels: {
    plural: 'Types de vol',
    add: 'Ajouter un type de vol',
    createTitle: 'Nouveau type de vol',
    editTitle: 'Modifier le type de vol',
  },
  deleteMessage: (label) => `Le type de vol « ${label} » sera supprimé définitivement.`,
  isDefault: {
    label: 'Type de vol par défaut',
    description: 'Proposé pour chaque nouveau vol ; remplace le type de vol par défaut actuel.',
  },
});
