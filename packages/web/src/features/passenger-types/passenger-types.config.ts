import { labelEntity } from '../reference-data/label-entity';

/** SPEC §3 Passenger type, shown as 'Qualité' in the passenger dialog (§2.4): a label (§5.1), listed by label (§7.5). */
export const passengerTypesConfig = labelEntity({
  entity: 'passengerType',
  endpoint: '/api/passenger-types',
  storageKey: 'passenger-types',
  labels: {
    plural: 'Qualités des passagers',
    add: 'Ajouter une qualité',
    createTitle: 'Nouvelle qualité de passager',
    editTitle: 'Modifier la qualité de passager',
  },
  deleteMessage: (label) => `La qualité « ${label} » sera supprimée définitivement.`,
});
