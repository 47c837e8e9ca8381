import { labelEntity } from '../reference-data/label-entity';

/** SPEC §3 Business provider (apporteur): a label (§5.1). */
export const businessProvidersConfig = labelEntity({
  entity: 'businessProvider',
  endpoint: '/api/business-providers',
  storageKey: 'business-providers',
  labels: {
    plural: 'Apporteurs',
    add: 'Ajouter un apporteur',
    createTitle: 'Nouvel apporteur',
    editTitle: "Modifier l'apporteur",
  },
  deleteMessage: (label) => `L'apporteur « ${label} » sera supprimé définitivement.`,
});
