import { labelEntity } from '../../components/ReferenceData/label-entity';

/** Booking origin: a label. */
export const bookingOriginsConfig = labelEntity({
  entity: 'bookingOrigin',
  resource: 'booking-origins',
  storageKey: 'booking-origins',
  labels: {
    plural: 'Origines des réservations',
    add: 'Ajouter une origine',
    createTitle: 'Nouvelle origine',
    editTitle: "Modifier l'origine",
  },
  deleteMessage: (label) => `L'origine « ${label} » sera supprimée définitivement.`,
});
