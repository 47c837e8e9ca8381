import { labelEntity } from '../../components/ReferenceData/label-entity';

/** Passenger type, shown as 'Qualité' in the passenger dialog: a label, listed by label. */
export const passengerTypesConfig = labelEntity({
  entity: 'passengerType',
  resource: 'passenger-types',
  storageKey: 'passenger-types',
  labels: {
    plural: 'Qualités des passagers',
    add: 'Ajouter une qualité',
    createTitle: 'Nouvelle qualité de passager',
    editTitle: 'Modifier la qualité de passager',
  },
  deleteMessage: (label) => `La qualité « ${label} » sera supprimée définitivement.`,
});
