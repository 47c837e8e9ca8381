import { labelEntity } from '../../components/ReferenceData/label-entity';

/** Business provider (apporteur): a label. */
export const businessProvidersConfig = labelEntity({
  entity: 'businessProvider',
  resource: 'business-providers',
  storageKey: 'business-providers',
  labels: {
    plural: 'Apporteurs',
    add: 'Ajouter un apporteur',
    createTitle: 'Nouvel apporteur',
    editTitle: "Modifier l'apporteur",
  },
  deleteMessage: (label) => `L'apporteur « ${label} » sera supprimé définitivement.`,
});
