import { labelEntity } from '../../components/ReferenceData/label-entity';

/** Payment method: a label. */
export const paymentMethodsConfig = labelEntity({
  entity: 'paymentMethod',
  resource: 'payment-methods',
  storageKey: 'payment-methods',
  labels: {
    plural: 'Moyens de paiement',
    add: 'Ajouter un moyen de paiement',
    createTitle: 'Nouveau moyen de paiement',
    editTitle: 'Modifier le moyen de paiement',
  },
  deleteMessage: (label) => `Le moyen de paiement « ${label} » sera supprimé définitivement.`,
});
