// French user-facing texts of the spec, verbatim (straight apostrophes and '...' exactly as SPEC.md writes
// them). MESSAGES holds the texts the spec quotes; the objects after it hold wording the spec leaves out
// ("exact wording not shown"), built on the pattern of its own messages.

/** Every fixed French text of the interface (notices, dialogs, empty states, errors, successes), word for word. */
export const MESSAGES = {
  // New-version notice
  newVersionAvailable: "Une nouvelle version de l'application est disponible.",
  updateApp: 'Mettre à jour',
  // Dialogs
  allPassengersFlown: 'Tous les passagers ont-ils volé ?',
  pendingBookingsTitle: 'Passagers intéressés',
  importLatestOrders: 'Importer les dernières commandes',
  noNewOrder: 'Aucune nouvelle commande',
  // Dialog buttons (Annuler / Valider) and confirmation dialogs
  cancel: 'Annuler',
  validate: 'Valider',
  accept: 'Accepter',
  reject: 'Refuser',
  delete: 'Supprimer',
  deleteTitle: 'Suppression définitive...',
  deleteConfirm: 'Je confirme la suppression définitive',
  // Empty states, uniqueness
  noData: "Aucune donnée n'a été trouvée...",
  noResult: 'Aucun résultat...',
  numberAlreadyExists: 'Ce numéro existe déjà',
  // Dialog and action failures
  apiKeyCreateFailed: "La création de la clé d'API a échoué",
  searchFailed: 'Erreur lors de la recherche',
  linkedBookingAddFailed: "L'ajout de la réservation liée a échoué",
  bookingNumberGenerationFailed: 'La génération du numéro de réservation a échoué',
  bookingNumberCheckFailed: 'Erreur de vérification du n° de réservation',
  bookingNumberAltCheckFailed: 'Erreur de vérification du n° de réservation alternatif',
  bookingCreateFailed: 'La création de la réservation a échoué',
  dateAddFailed: "L'ajout de la date a échoué",
  customerUpdateFailed: 'La modification du client a échoué',
  customerLinkFailed: "L'association du client a échoué",
  ticketNumberGenerationFailed: 'La génération du numéro de ticket a échoué',
  ticketNumberCheckFailed: 'Erreur de vérification du numéro de ticket',
  deleteFailed: 'Erreur lors de la suppression',
  passengerAddFailed: "L'ajout du passager a échoué",
  unexpectedFlightParameter: 'Paramètre du vol inattendu',
  shopImportFailed: "Une erreur est survenue pendant l'import",
  infoEditUnavailable: 'Modification des informations impossible',
  flightDuplicateUnavailable: 'Duplication du vol impossible',
  passengerEditUnavailable: 'Modification du passager impossible',
  statusEditUnavailable: 'Modification du statut impossible',
  flightDuplicateFailed: 'La duplication du vol a échoué',
  paymentInfoUpdateFailed: 'La modification des informations de paiement a échoué',
  infoUpdateFailed: 'La modification des informations a échoué',
  statusUpdateFailed: 'La modification du statut a échoué',
  emailTemplateUpdateFailed: "La modification du modèle d'email a échoué",
  passengerUpdateFailed: 'La modification du passager a échoué',
  // Load failures
  itemsLoadFailed: 'Le chargement des éléments a échoué',
  dataListLoadFailed: 'Erreur de chargement de la liste de données',
  filterLoadFailed: 'Erreur de chargement : {filter id}',
  resultsLoadFailed: 'Erreur de chargement des résultats',
  planningSettingsLoadFailed: 'Erreur de chargement de paramètres du planning',
  balloonLoadFailed: 'Erreur de chargement du ballon',
  bookingLoadFailed: 'Erreur de chargement de la réservation',
  registrationRequestsLoadFailed: "Erreur de chargement des demandes d'inscription",
  linkedBookingsLoadFailed: 'Erreur de chargement des réservations liées',
  requestedDatesLoadFailed: 'Erreur de chargement des dates souhaitées',
  notesLoadFailed: 'Erreur de chargement des notes',
  customerLoadFailed: 'Erreur de chargement du client',
  passengersLoadFailed: 'Erreur de chargement des passagers',
  flightLoadFailed: 'Erreur de chargement du vol',
  pendingBookingsLoadFailed: 'Le chargement des réservations en attente a échoué',
  passengerSupplementLoadFailed: 'Erreur de chargement du supplément passager',
  ticketTemplateLoadFailed: 'Erreur de chargement du modèle de billet',
  // Success messages
  saved: 'Données sauvegardées',
  bookingLinked: 'Réservation liée',
  dateAdded: 'Date ajoutée',
  passengerAdded: 'Passager ajouté',
  flightDuplicated: 'Vol dupliqué',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * Fills the `{placeholder}` slots of a message: `fillMessage(MESSAGES.filterLoadFailed, { 'filter id': 'pilot' })`
 * → 'Erreur de chargement : pilot'. A slot without a value is left as written.
 */
export const fillMessage = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{([^{}]+)\}/g, (slot, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : slot,
  );

/** 'Erreur de chargement : {filter id}' for one filter of a data list. */
export const filterLoadFailedMessage = (filterId: string): string =>
  fillMessage(MESSAGES.filterLoadFailed, { 'filter id': filterId });

/**
 * Result of the online-shop import: the count of imported orders, or 'Aucune nouvelle commande'.
 * The spec gives no wording for the count; this one agrees the noun and participle with it.
 */
export const importedOrdersMessage = (count: number): string => {
  if (count <= 0) return MESSAGES.noNewOrder;
  return count === 1 ? '1 commande importée' : `${count} commandes importées`;
};

/** Rich-text toolbar tooltips, in toolbar order. */
export const EDITOR_TOOLTIPS = {
  undo: 'Annuler',
  redo: 'Rétablir',
  heading1: 'Titre 1',
  heading2: 'Titre 2',
  heading3: 'Titre 3',
  bold: 'Gras',
  italic: 'Italique',
  underline: 'Souligner',
  textColor: 'Couleur du texte',
  insertLink: 'Insérer un lien',
  removeLink: 'Retirer un lien',
  bulletList: 'Liste à puces',
  outdent: 'Diminuer le retrait',
  indent: 'Augmenter le retrait',
  horizontalRule: 'Séparateur',
  variables: 'Variables',
} as const;

// ---- Wording the spec leaves out, on the pattern of its own messages ----

/** After a confirmed deletion (not among the success messages: 'Données sauvegardées' would say the wrong thing). */
export const DELETED_MESSAGE = 'Élément supprimé';

/** An existing customer chosen for a booking, on the pattern of 'Réservation liée'. */
export const CUSTOMER_LINKED_MESSAGE = 'Client associé à la réservation';

export type SavableEntity =
  | 'balloon'
  | 'note'
  | 'bookingOrigin'
  | 'passenger'
  | 'businessProvider'
  | 'event'
  | 'flight'
  | 'flightType'
  | 'location'
  | 'passengerType'
  | 'paymentMethod'
  | 'pilot'
  | 'prestation'
  | 'teammate'
  | 'ticketTemplate'
  | 'user';

/** The entity as it follows "La création" / "La modification" (create and modify failures of each entity). */
const ENTITY_COMPLEMENTS: Record<SavableEntity, string> = {
  balloon: 'du ballon',
  note: 'de la note',
  bookingOrigin: "de l'origine",
  passenger: 'du passager',
  businessProvider: "de l'apporteur",
  event: "de l'événement",
  flight: 'du vol',
  flightType: 'du type de vol',
  location: 'du lieu de vol',
  passengerType: 'du type de passager',
  paymentMethod: 'du moyen de paiement',
  pilot: 'du pilote',
  prestation: 'de la prestation',
  teammate: "de l'équipier",
  ticketTemplate: 'du modèle de billet',
  user: "de l'utilisateur",
};

/** 'La création du ballon a échoué', on the pattern of 'La création de la réservation a échoué'. */
export const createFailedMessage = (entity: SavableEntity): string =>
  `La création ${ENTITY_COMPLEMENTS[entity]} a échoué`;

/** 'La modification du ballon a échoué', on the pattern of 'La modification du passager a échoué'. */
export const updateFailedMessage = (entity: SavableEntity): string =>
  `La modification ${ENTITY_COMPLEMENTS[entity]} a échoué`;

/** List load failures, on the pattern of 'Erreur de chargement des passagers'. */
export const LIST_LOAD_FAILED_MESSAGES = {
  paymentMethods: 'Erreur de chargement des moyens de paiement',
  bookingOrigins: 'Erreur de chargement des origines',
  businessProviders: 'Erreur de chargement des apporteurs',
  locations: 'Erreur de chargement des lieux de vol',
  prestations: 'Erreur de chargement des prestations',
  flightSchedules: 'Erreur de chargement des créneaux de vol',
  balloons: 'Erreur de chargement des ballons',
  pilots: 'Erreur de chargement des pilotes',
  teammates: 'Erreur de chargement des équipiers',
  flightTypes: 'Erreur de chargement des types de vol',
  passengerTypes: 'Erreur de chargement des types de passager',
  bookingStatuses: 'Erreur de chargement des statuts de réservation',
  flightStatuses: 'Erreur de chargement des statuts de vol',
  flights: 'Erreur de chargement des vols',
  bookings: 'Erreur de chargement des réservations',
} as const;

// ---- Access and accounts: the server's answers on sign-in, sessions, rights, users, roles and API keys ----

/**
 * The French messages of access and accounts (401, 403, 419, 429, the users and capabilities pages' refusals): one
 * wording for the server's hooks, routes and services, their tests and any screen that shows one. The account fields'
 * own messages are schemas/accounts.ts' ACCOUNT_MESSAGES.
 */
export const AUTH_MESSAGES = {
  unauthenticated: 'Non authentifié.',
  csrf: 'Session expirée, veuillez recharger la page.',
  forbidden: 'Action non autorisée.',
  suOnly: 'Action réservée au super utilisateur.',
  apiClientForbidden: "Cette clé d'API ne donne pas accès à cette ressource.",
  maintenance: 'Application en maintenance.',
  loginFailed: 'Ces identifiants ne correspondent pas à nos enregistrements.',
  forgotPassword:
    'Si un compte correspond à cette adresse, un email contenant un lien de réinitialisation vient de lui être envoyé.',
  resetInvalid: 'Ce lien de réinitialisation est invalide ou a expiré.',
  firstLoginInvalid: 'Ce lien de première connexion est invalide ou a expiré.',
  passwordReset: 'Votre mot de passe a été réinitialisé.',
  passwordChanged: 'Votre mot de passe a été modifié.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  emailTaken: 'Cette adresse email est déjà utilisée.',
  unknownRole: "Ce rôle n'existe pas.",
  suRoleReserved: 'Seul un super utilisateur peut attribuer le rôle super utilisateur ou modifier un tel compte.',
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
  selfDelete: 'Vous ne pouvez pas supprimer votre propre compte.',
  userNotFound: 'Utilisateur introuvable.',
  alreadyActivated: 'Cet utilisateur a déjà choisi son mot de passe : il peut utiliser « Mot de passe oublié ».',
  invitationFailed: "L'envoi de l'email d'invitation a échoué.",
  unknownCapability: (slug: string) => `Capacité inconnue : ${slug}.`,
  roleNotFound: 'Rôle introuvable.',
  apiClientNotFound: "Clé d'API introuvable.",
  throttled: (minutes: number) =>
    `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
} as const;
