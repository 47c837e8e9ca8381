import { CUSTOMER_FIELDS } from './api/customers.js';
import { REGISTRATION_REQUEST_STATUSES } from './api/registration-requests.js';
import { BOOKING_STATUSES, FLIGHT_STATUSES } from './statuses.js';

// The write history (issue 12, part 5) as the interface shows it: French names of the actions, resources and
// fields, and of the markers the server writes in place of a secret or of a deleted person's values.

export type HistoryAction = 'create' | 'update' | 'delete';

/** One entry as GET /api/history, /api/bookings/{id}/history and /api/flights/{id}/history answer it. */
export type HistoryEntry = {
  id: number;
  created_at: string;
  user_id: number | null;
  api_client_id: number | null;
  actor: string;
  resource: string;
  record_id: number;
  action: HistoryAction;
  /** JSON `{field: [old, new]}`. */
  changes: string;
  booking_id: number | null;
  flight_id: number | null;
  /**
   * The record's name as staff know it (a booking's number, a person's name, 'Vol du 14/07/2032 à 06:45'), read
   * while the record exists, else as written then, else 'n° 12 (supprimé)'; null for records named by their
   * number only (notes, requested dates...).
   */
  record_label: string | null;
  /** JSON `{field: [old, new]}`: the names of the records each changed reference pointed to (same rule). */
  labels: string | null;
  /** The record and the changes as one line of text each, for the CSV export (historyRecordTitle, historyDetails). */
  element?: string;
  details?: string;
};

export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
};

export const HISTORY_RESOURCE_LABELS: Record<string, string> = {
  bookings: 'Réservation',
  'booking-links': 'Lien entre réservations',
  'requested-dates': 'Date souhaitée',
  'booking-notes': 'Note de réservation',
  'booking-origins': 'Origine de réservation',
  'business-providers': 'Apporteur d’affaires',
  'payment-methods': 'Moyen de paiement',
  'passenger-types': 'Type de passager',
  customers: 'Client',
  passengers: 'Passager',
  balloons: 'Ballon',
  events: 'Note de planning',
  flights: 'Vol',
  'flight-notes': 'Note de vol',
  'flight-types': 'Type de vol',
  locations: 'Lieu',
  pilots: 'Pilote',
  teammates: 'Équipier',
  prestations: 'Prestation',
  'ticket-templates': 'Modèle de billet',
  registrations: 'Inscription sur un vol',
  'registration-requests': 'Demande d’inscription',
  'flight-postponements': 'Report météo (passager)',
  'flight-closures': 'Clôture par le vol réalisé',
  'booking-validity-extensions': 'Prolongation de validité',
  // Issue 31: what the crew wrote on the launch field (/terrain).
  'field-boardings': 'Embarquement (terrain)',
  'field-reports': 'Compte rendu de terrain',
  'email-templates': 'Modèle d’email',
  settings: 'Paramètre',
  users: 'Utilisateur',
  'api-clients': 'Clé API',
  emails: 'Email',
  roles: 'Rôle',
};

/** Field names → French labels, shared by every resource (a field has the same meaning wherever it appears). */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  // A customer's field added to its contract is named in the history by its label there.
  ...CUSTOMER_FIELDS,
  number: 'Numéro',
  number_alt: 'Numéro alternatif',
  booked_at: 'Date d’achat',
  validity_date: 'Date de validité',
  previous_validity_date: 'Ancienne date de validité',
  months: 'Nombre de mois',
  reason: 'Motif',
  woocommerce_order_id: 'Commande de la boutique',
  full_name: 'Nom complet',
  registered_at: 'Inscrit le',
  previous_booking_status_id: 'Statut précédent',
  removed_requested_date: 'Date souhaitée retirée',
  postponed_at: 'Reporté le',
  closed_dates: 'Dates souhaitées closes',
  closed_at: 'Clos le',
  status: 'État',
  decided_at: 'Décidée le',
  decided_by_user_id: 'Décidée par',
  passengers_number: 'Nombre de passagers',
  booking_status_id: 'Statut',
  customer_id: 'Client',
  has_pre_flight_infos: 'Informations pré-vol envoyées',
  location_id: 'Lieu',
  prestation_id: 'Prestation',
  flight_schedules: 'Créneaux',
  booking_origin_id: 'Origine',
  business_provider_id: 'Apporteur d’affaires',
  paid_amount: 'Montant payé',
  total_amount: 'Montant total',
  remaining_amount: 'Reste à payer',
  refundable: 'Remboursable',
  // Issue 29: the weather attempts, the refund rule and 'Rembourser', an automatic extension's rule and mail.
  weather_postponements: 'Reports météo',
  refund_to_offer: 'Remboursement à proposer',
  refunded_on: 'Remboursée le',
  refunded_amount: 'Montant remboursé',
  rule: 'Règle',
  outbox_mail_id: 'Email',
  // Issue 28: the space link staff make or revoke, and the gift's beneficiary.
  space_link: 'Lien de l’espace client',
  beneficiary_name: 'Bénéficiaire',
  beneficiary_email: 'Email du bénéficiaire',
  payment_method_id: 'Moyen de paiement',
  booking_id: 'Réservation',
  linked_booking_id: 'Réservation liée',
  date: 'Date',
  content: 'Contenu',
  label: 'Libellé',
  is_default: 'Par défaut',
  customer_type_id: 'Type de client',
  first_name: 'Prénom',
  last_name: 'Nom',
  company_name: 'Raison sociale',
  email: 'Email',
  phone: 'Téléphone',
  siret_number: 'Numéro SIRET',
  vat_number: 'Numéro de TVA',
  address: 'Adresse',
  additional_address: 'Complément d’adresse',
  zip_code: 'Code postal',
  town: 'Ville',
  country: 'Pays',
  ticket_number: 'Numéro de billet',
  is_referent: 'Référent',
  department: 'Département',
  age: 'Âge',
  weight: 'Poids',
  passenger_type_id: 'Type de passager',
  scheduled_date: 'Date',
  scheduled_time: 'Heure',
  is_public: 'Public',
  takeoff_temperature: 'Température au décollage',
  flight_max_altitude: 'Altitude maximale',
  flight_type_id: 'Type de vol',
  balloon_id: 'Ballon',
  pilot_id: 'Pilote',
  teammates: 'Équipiers',
  takeoff_time: 'Heure de décollage',
  landing_time: 'Heure d’atterrissage',
  flight_status_id: 'Statut du vol',
  flight_id: 'Vol',
  passenger_id: 'Passager',
  is_pinned: 'Épinglée',
  user_id: 'Auteur',
  title: 'Titre',
  description: 'Description',
  passengers: 'Places passagers',
  registration_number: 'Immatriculation',
  role_id: 'Rôle',
  is_active: 'Actif',
  subject: 'Objet',
  body: 'Contenu',
  name: 'Nom',
  capabilities: 'Droits',
  password_hash: 'Mot de passe',
  template_slug: 'Modèle d’email',
  ticket_template_id: 'Modèle de billet',
  email_template_id: 'Modèle d’email',
  // Issue 31: the field's boarding and report (/terrain).
  is_present: 'Présent',
  is_briefed: 'Briefing donné',
  takeoff_place: 'Lieu de décollage',
  landing_place: 'Lieu d’atterrissage',
  remarks: 'Remarques',
  incidents: 'Incidents',
  // Issue 30: the flight file (fuel, pilot licence and medical, balloon hours and inspection).
  fuel_loaded: 'Carburant embarqué',
  licence_number: 'Numéro de licence',
  licence_expires_on: 'Fin de validité de la licence',
  medical_expires_on: 'Fin de validité de l’aptitude médicale',
  hours_before: 'Heures avant le logiciel',
  last_inspection_on: 'Dernière visite',
  hours_at_last_inspection: 'Heures à la dernière visite',
  cylinders: 'Bouteilles',
};

/** Markers the server writes instead of a value (server engine/history.ts). */
export const HISTORY_SECRET_MARKER = '(secret)';
export const HISTORY_ERASED_MARKER = '(effacé)';

export const historyFieldLabel = (field: string): string => HISTORY_FIELD_LABELS[field] ?? field;
export const historyResourceLabel = (resource: string): string => HISTORY_RESOURCE_LABELS[resource] ?? resource;

const STATUS_LABELS: Record<string, Map<number, string>> = {
  booking_status_id: new Map(Object.values(BOOKING_STATUSES).map((st) => [st.id, st.label])),
  flight_status_id: new Map(Object.values(FLIGHT_STATUSES).map((st) => [st.id, st.label])),
};
STATUS_LABELS.previous_booking_status_id = STATUS_LABELS.booking_status_id!;
/** A registration request's state ('pending'...) as its list shows it. */
const REQUEST_STATES = new Map<unknown, string>(
  Object.values(REGISTRATION_REQUEST_STATUSES).map((st) => [st.slug, st.label]),
);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An instant the server wrote (ISO, UTC), shown in the reader's local time like the entries' own dates. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const two = (n: number) => String(n).padStart(2, '0');
const localStamp = (d: Date) =>
  `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
const FLAGS = /^(is_|has_)|^refundable$|^removed_requested_date$|^refund_to_offer$/;
/** An automatic validity extension's rule (issue 29), as the settings page 'Bons et validité' names it. */
const VALIDITY_RULES = new Map<unknown, string>([
  ['near_expiry', 'échéance proche'],
  ['attempts', 'reports météo répétés'],
]);

/** A value as a French reader expects it: status labels, 'n° 12' for another record, Oui/Non for flags, DD/MM/YYYY for dates, HH:mm for times, decimal commas, '—' for nothing. */
export function formatHistoryValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === HISTORY_SECRET_MARKER) return 'masqué';
  if (value === HISTORY_ERASED_MARKER) return 'effacé';
  if (Array.isArray(value)) return value.length ? value.map((v) => formatHistoryValue(field, v)).join(', ') : 'aucun';
  const status = STATUS_LABELS[field]?.get(Number(value));
  if (status) return status;
  if (field === 'status' && REQUEST_STATES.has(value)) return REQUEST_STATES.get(value)!;
  if (field === 'rule' && VALIDITY_RULES.has(value)) return VALIDITY_RULES.get(value)!;
  // Another record: its number, as the entry's own title says it ('Passager n° 12').
  if (field.endsWith('_id') && /^\d+$/.test(String(value))) return `n° ${value}`;
  if (FLAGS.test(field) && (value === 0 || value === 1 || value === '0' || value === '1' || typeof value === 'boolean'))
    return Number(value) === 1 ? 'Oui' : 'Non';
  // French decimals (64,5 kg, 120,50 €).
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'string') {
    const m = DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
    if (INSTANT.test(value)) return localStamp(new Date(value));
    // Times as the app writes them (06:30, not 06:30:00).
    if (/^\d{2}:\d{2}:\d{2}$/.test(value)) return value.slice(0, 5);
    // Rich text (notes): its words, not its tags.
    if (value.includes('<'))
      return value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
  }
  return String(value);
}

/** The name of a record deleted before the history kept names, or a person deleted since. */
export const historyDeletedLabel = (id: number): string => `n° ${id} (supprimé)`;

/** Resources whose name says what they are ('Vol du 14/07/2032 à 06:45'): no 'Vol' before it. */
const SELF_NAMED = new Set(['flights']);

/** 'Réservation 2026-00263', 'Lieu Chambley', 'Vol du 14/07/2032 à 06:45', 'Note de réservation n° 4'. */
export function historyRecordTitle(entry: Pick<HistoryEntry, 'resource' | 'record_id' | 'record_label'>): string {
  const resource = historyResourceLabel(entry.resource);
  const label = entry.record_label;
  if (!label) return `${resource} n° ${entry.record_id}`;
  return SELF_NAMED.has(entry.resource) && label.startsWith(`${resource} `) ? label : `${resource} ${label}`;
}

/** The changes of an entry as rows to show (fields in the order written); a malformed text gives none. */
export function historyChanges(entry: Pick<HistoryEntry, 'changes'>): { field: string; old: unknown; new: unknown }[] {
  try {
    const parsed = JSON.parse(entry.changes) as Record<string, [unknown, unknown]>;
    return Object.entries(parsed).map(([field, pair]) => ({ field, old: pair?.[0] ?? null, new: pair?.[1] ?? null }));
  } catch {
    return [];
  }
}

type Named = string | null | (string | null)[];

/** A value as shown, by the name of the record it points to when the server gave one. */
function shown(field: string, value: unknown, name: Named | undefined): string {
  if (Array.isArray(name) && Array.isArray(value)) {
    if (value.length === 0) return 'aucun';
    return value.map((item, i) => name[i] ?? formatHistoryValue(field, item)).join(', ');
  }
  return typeof name === 'string' ? name : formatHistoryValue(field, value);
}

/**
 * The changes of an entry as a reader sees them: the field's French label and its old and new values as text,
 * references by the names the server answered in `labels` ('Lieu : Chambley → Metz', not 'n° 1 → n° 2').
 */
export function historyChangeTexts(
  entry: Pick<HistoryEntry, 'changes'> & { labels?: string | null },
): { field: string; label: string; old: string; new: string }[] {
  let labels: Record<string, [Named, Named]> = {};
  try {
    labels = entry.labels ? (JSON.parse(entry.labels) as Record<string, [Named, Named]>) : {};
  } catch {
    labels = {};
  }
  return historyChanges(entry).map((change) => ({
    field: change.field,
    label: historyFieldLabel(change.field),
    old: shown(change.field, change.old, labels[change.field]?.[0]),
    new: shown(change.field, change.new, labels[change.field]?.[1]),
  }));
}

/** The changes on one line, as the screen shows them: 'Lieu : Chambley → Metz ; Poids : 62 → 64,5' (CSV export). */
export function historyDetails(entry: Pick<HistoryEntry, 'changes' | 'action'> & { labels?: string | null }): string {
  return historyChangeTexts(entry)
    .map((change) => {
      if (entry.action === 'update') return `${change.label} : ${change.old} → ${change.new}`;
      return `${change.label} : ${entry.action === 'delete' ? change.old : change.new}`;
    })
    .join(' ; ');
}
