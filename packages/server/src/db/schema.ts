import type { CustomerTextField } from '@app/domain';
import type { ColumnType, Generated } from 'kysely';

// Table types for Kysely. Keep in sync with migrations/0001_initial.ts.
// Conventions (docs/decisions.md): booleans are integers 0/1 on both engines (the spec's switches store 1/0);
// dates are 'YYYY-MM-DD' strings, times 'HH:mm:ss' strings, timestamps ISO-8601 strings written by the app.

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;
type Stamp = ColumnType<string, string | undefined, string>;

export type RolesTable = { id: Id; slug: string; label: string };
export type CapabilitiesTable = { id: Id; slug: string; label: string };
export type RoleCapabilitiesTable = { role_id: number; capability_id: number };

export type UsersTable = {
  id: Id;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  role_id: number;
  created_at: Stamp;
  updated_at: Stamp;
  /** 0: deactivated (no sign-in, sessions ended), kept for its history (migration 0008). */
  is_active: Flag;
  last_login_at: string | null;
};

export type SessionsTable = {
  /** sha256 of the cookie value; the raw value is never stored. */
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
};

export type UserTokensTable = {
  id: Id;
  user_id: number;
  kind: 'reset' | 'first_login';
  token_hash: string;
  /** The address the link was mailed to: it works only while this is still the user's (migration 0025). */
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

export type LoginAttemptsTable = { id: Id; key: string; attempted_at: string };

export type ApiClientsTable = {
  id: Id;
  name: string;
  token_hash: string;
  created_at: Stamp;
  last_used_at: string | null;
};

export type SystemStateTable = { key: string; value: string };

export type OutboxMailsTable = {
  id: Id;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  /** Claim of a worker (mail/queue.ts): nobody else sends the row before this time. */
  locked_until: string | null;
  status: Generated<OutboxStatus>;
  template_slug: string | null;
  booking_id: number | null;
  flight_id: number | null;
  user_id: number | null;
  /** JSON list of attachment descriptions, e.g. [{"kind":"booking-tickets","booking_id":12}]. */
  attachments: string | null;
  /** JSON list of values masked in html/text once sent (cleared then). */
  secrets: string | null;
};

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export type SettingsTable = { id: Id; key: string; value: string | null };

export type LabelTable = { id: Id; label: string };
export type LabelDefaultTable = { id: Id; label: string; is_default: Flag };

export type CustomerTypesTable = { id: Id; slug: string; label: string };
export type StatusTable = {
  id: Id;
  slug: string;
  label: string;
  label_plural: string;
  color: string | null;
  icon: string;
  is_editable: Flag;
  position: number;
};
export type FlightSchedulesTable = { id: Id; label: string; position: number };

/** Its columns are the customers' contract (domain api/customers.ts): a field added there is a column here. */
export type CustomersTable = {
  id: Id;
  customer_type_id: number;
  created_at: Stamp;
  updated_at: Stamp;
} & { [K in CustomerTextField]: string | null };

export type LocationsTable = {
  id: Id;
  label: string;
  is_default: Flag;
  is_restrictive: Flag;
  takeoff_altitude: number | null;
  flight_max_altitude: number | null;
  risk_factors: string | null;
};

export type TicketTemplatesTable = { id: Id; label: string; template_base: string };

export type PrestationsTable = {
  id: Id;
  label: string;
  is_default: Flag;
  ticket_template_id: number | null;
  /** The shop product's SKU this prestation is sold as (migration 0028); unique when set. */
  shop_sku: string | null;
};

export type BalloonsTable = {
  id: Id;
  label: string;
  is_default: Flag;
  passengers: number;
  takeoff_max_mass: number;
  landing_min_mass: number | null;
  empty_mass: number | null;
  market_mass: number | null;
  registration_number: string | null;
  type: string | null;
  volume: number | null;
  gas_mass: number | null;
  envelope_temperature: number | null;
  hourly_consumption: number | null;
  autonomy_time: number | null;
  flying_time: number | null;
  reserve_time: number | null;
  /** Hours flown before the product; the hours since are the sum of its realized flights (migration 0031). */
  hours_before: number | null;
  last_inspection_on: string | null;
  hours_at_last_inspection: number | null;
  /** A single cylinder halves the fuel reserve (migration 0031). */
  cylinders: number | null;
};

export type PilotsTable = {
  id: Id;
  first_name: string;
  last_name: string;
  is_default: Flag;
  email: string | null;
  phone: string | null;
  weight: number | null;
  bag_weight: number | null;
  /** Licence and medical (migration 0031). */
  licence_number: string | null;
  licence_expires_on: string | null;
  medical_expires_on: string | null;
};

export type TeammatesTable = {
  id: Id;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
};

export type BookingsTable = {
  id: Id;
  number: string;
  number_alt: string | null;
  booked_at: string | null;
  passengers_number: number;
  booking_status_id: number;
  customer_id: number | null;
  has_pre_flight_infos: Flag;
  location_id: number | null;
  prestation_id: number | null;
  booking_origin_id: number | null;
  business_provider_id: number | null;
  paid_amount: number | null;
  total_amount: number | null;
  remaining_amount: number | null;
  refundable: Flag;
  payment_method_id: number | null;
  woocommerce_order_id: string | null;
  created_at: Stamp;
  updated_at: Stamp;
  /** Last day the voucher may fly: purchase date + `voucher_validity_months` (migration 0019). */
  validity_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Flights its passengers were postponed from for the weather, one per flight (migration 0029). */
  weather_postponements: Generated<number>;
  /** 'Remboursement à proposer', raised by the refund rule at a weather postponement (migration 0029). */
  refund_to_offer: Flag;
  /** The refund recorded by 'Rembourser' (migration 0029); the booking is canceled with it. */
  refunded_on: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** The gift's recipient, distinct from the buyer (migration 0030). */
  beneficiary_name: ColumnType<string | null, string | null | undefined, string | null>;
  beneficiary_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'Complété par le client le …': the last change made through the booking's space (migration 0030). */
  completed_by_customer_at: ColumnType<string | null, string | null | undefined, string | null>;
};

/** A link to the booking's space, kept only as the SHA-256 of its token (migration 0030). */
export type BookingSpaceLinksTable = {
  id: Id;
  booking_id: number;
  token_hash: string;
  created_at: Stamp;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
};

/** 'Poids modifié après inscription': a weight changed through the space while registered (migration 0030). */
export type PassengerWeightChangesTable = {
  id: Id;
  passenger_id: number;
  flight_id: number;
  previous_weight: number | null;
  weight: number | null;
  changed_at: Stamp;
  seen_at: ColumnType<string | null, string | null | undefined, string | null>;
  seen_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
};

/** Each 'Prolonger' of a booking's validity (migration 0019). */
export type BookingValidityExtensionsTable = {
  id: Id;
  booking_id: number;
  months: number;
  reason: string;
  previous_validity_date: string | null;
  validity_date: string;
  user_id: number | null;
  created_at: Stamp;
  /** Null for 'Prolonger'; the automatic rule otherwise, with the postponed flight (migration 0029). */
  rule: ColumnType<ExtensionRule | null, ExtensionRule | null | undefined, ExtensionRule | null>;
  flight_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The 'Prolongation de validité' mail queued for it (migration 0029). */
  outbox_mail_id: ColumnType<number | null, number | null | undefined, number | null>;
};

export type ExtensionRule = 'near_expiry' | 'attempts';

/** One row per daily job, claimed for the day by one process (migration 0019, services/scheduled-jobs.ts). */
export type ScheduledJobsTable = {
  name: string;
  run_on: string | null;
  started_at: string | null;
  finished_at: string | null;
  result: string | null;
};

/** A weather-postponed flight's manifest as it was when postponed (migration 0019, services/postponement.ts). */
export type FlightPostponementsTable = {
  id: Id;
  flight_id: number;
  passenger_id: number | null;
  booking_id: number | null;
  full_name: string | null;
  weight: number | null;
  registered_at: string | null;
  previous_booking_status_id: number | null;
  removed_requested_date: Flag;
  postponed_at: Stamp;
  user_id: number | null;
};

/** What a realized flight closed on a booking, for the exact undo (migration 0026, services/flight-realization.ts). */
export type FlightClosuresTable = {
  id: Id;
  flight_id: number;
  booking_id: number;
  previous_booking_status_id: number;
  booking_status_id: number;
  /** JSON list of the requested dates (YYYY-MM-DD) the realization removed. */
  closed_dates: ColumnType<string, string | undefined, string>;
  closed_at: Stamp;
  user_id: number | null;
};

export type BookingFlightSchedulesTable = { booking_id: number; flight_schedule_id: number };
export type BookingLinksTable = { id: Id; booking_id: number; linked_booking_id: number; created_at: Stamp };
export type RequestedDatesTable = { id: Id; booking_id: number; date: string };
export type BookingNotesTable = {
  id: Id;
  booking_id: number;
  content: string;
  user_id: number | null;
  created_at: Stamp;
  updated_at: Stamp;
};

export type PassengersTable = {
  id: Id;
  booking_id: number;
  ticket_number: string | null;
  first_name: string | null;
  last_name: string | null;
  is_referent: Flag;
  email: string | null;
  phone: string | null;
  department: string | null;
  age: number | null;
  weight: number | null;
  passenger_type_id: number | null;
  /** 1 while the booking's status is open (pending, in progress): kept by triggers (migration 0024), never written. */
  booking_is_open: Generated<number>;
  created_at: Stamp;
  updated_at: Stamp;
};

export type FlightsTable = {
  id: Id;
  scheduled_date: string;
  scheduled_time: string;
  is_public: Flag;
  takeoff_temperature: number | null;
  flight_max_altitude: number | null;
  flight_type_id: number | null;
  location_id: number | null;
  prestation_id: number | null;
  balloon_id: number | null;
  pilot_id: number | null;
  takeoff_time: string | null;
  landing_time: string | null;
  flight_status_id: number;
  created_at: Stamp;
  updated_at: Stamp;
  /** The logbook's after-flight fields and the fuel loaded, kg (migration 0031). */
  fuel_loaded: number | null;
  landing_place: string | null;
  remarks: string | null;
  incidents: string | null;
  /** Set while a sealed flight is reopened for a correction; the next record carries it (migration 0031). */
  correction_reason: string | null;
};

/** A sealed flight record, never updated nor deleted; a correction is the next version (migration 0031). */
export type FlightRecordsTable = {
  id: Id;
  flight_id: number;
  version: number;
  previous_record_id: number | null;
  reason: string | null;
  sha256: string;
  pdf: Uint8Array;
  /** The logbook entry as it was sealed (JSON). */
  entry: string;
  created_at: Stamp;
  user_id: number | null;
};

/** Every inspection of a balloon (its technical log); the balloon keeps its last one's date and hours (migration 0033). */
export type BalloonInspectionsTable = {
  id: Id;
  balloon_id: number;
  inspected_on: string;
  kind: string;
  hours: number | null;
  inspector: string | null;
  remarks: string | null;
  created_at: Stamp;
  user_id: number | null;
};

export type FlightTeammatesTable = {
  flight_id: number;
  teammate_id: number;
  /** 1: a crew member on board (counts for the 19-passenger rule); 0: the retrieve crew on the ground (0034). */
  on_board: Generated<number>;
};
export type RegistrationsTable = { id: Id; flight_id: number; passenger_id: number; created_at: Stamp };
/** A customer's request from the public planning widget; staff accept or refuse it (migration 0018). */
export type RegistrationRequestsTable = {
  id: Id;
  booking_id: number;
  flight_id: number;
  created_at: Stamp;
  status: ColumnType<RegistrationRequestStatus, RegistrationRequestStatus | undefined, RegistrationRequestStatus>;
  decided_at: string | null;
  decided_by_user_id: number | null;
};
export type RegistrationRequestStatus = 'pending' | 'accepted' | 'refused';
export type FlightNotesTable = {
  id: Id;
  flight_id: number;
  content: string;
  is_pinned: Flag;
  user_id: number | null;
  created_at: Stamp;
  updated_at: Stamp;
};

export type EventsTable = {
  id: Id;
  scheduled_date: string;
  scheduled_time: string;
  title: string;
  description: string | null;
};

export type EmailTemplatesTable = {
  id: Id;
  slug: string;
  label: string;
  subject: string;
  body: string;
  /** JSON-encoded list of variable texts, e.g. ["{{booking.number}}"]. */
  variables: string;
};

export type EmailLogsTable = {
  id: Id;
  email_template_id: number | null;
  booking_id: number | null;
  flight_id: number | null;
  recipient: string;
  subject: string;
  user_id: number | null;
  sent_at: string;
};

/** One write through the API (migration 0020, engine/history.ts). */
export type HistoryEntriesTable = {
  id: Generated<number>;
  created_at: string;
  user_id: number | null;
  api_client_id: number | null;
  /** Who, as shown then (a user's name, an API client's name): the user may be deleted later. */
  actor: string;
  /** The resource name (path under /api: 'bookings', 'passengers'...). */
  resource: string;
  record_id: number;
  action: 'create' | 'update' | 'delete';
  /** JSON `{field: [old, new]}` (old null on create, new null on delete). */
  changes: string;
  booking_id: number | null;
  flight_id: number | null;
  /** The record's name as written then (migration 0027; null for a person, and before 0027). */
  record_label: string | null;
  /** JSON `{field: [old, new]}`: the names of the records a reference pointed to, as written then. */
  labels: string | null;
};

export type RemoteOrdersTable = {
  id: Id;
  file: string;
  order_id: string;
  booking_id: number | null;
  imported_at: string;
};

export type WoocommerceSyncNotificationsTable = {
  id: Id;
  booking_id: number;
  status: string;
  message: string | null;
  is_success: Flag;
  created_at: Stamp;
};

/** The shop's sync-back queue (migration 0017, services/woocommerce.ts). */
export type WoocommerceSyncJobsTable = {
  id: Id;
  booking_id: number | null;
  order_id: string;
  /** WooCommerce's order status to set: 'completed' or 'cancelled'. */
  order_status: string;
  note: string;
  state: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  error: string | null;
  created_at: Stamp;
};

/** The crew's check-in and briefing of a registered passenger, from the field (migration 0032, services/field.ts). */
export type FieldBoardingsTable = {
  id: Id;
  flight_id: number;
  passenger_id: number;
  /** 1 'Présent', 0 'Absent', null not checked in yet. */
  is_present: number | null;
  is_briefed: Flag;
  updated_at: Stamp;
  user_id: number | null;
};
/** The place the field took off from, when not the planned site (migration 0032). */
export type FieldReportsTable = {
  id: Id;
  flight_id: number;
  takeoff_place: string | null;
  updated_at: Stamp;
  user_id: number | null;
};
/** The client-generated ids of the field writes applied: a retry is never applied twice (migration 0032). */
export type FieldSyncOperationsTable = {
  id: Id;
  client_id: string;
  user_id: number | null;
  flight_id: number | null;
  field: string;
  applied_at: Stamp;
};

/** Bumped by triggers on every write to the table (migration 0014, engine/count-cache.ts). */
export type TableVersionsTable = { name: string; version: number | string };

/** Appended by triggers on bookings (migration 0036): the dashboard's monthly figures, summed per month. */
export type BookingMonthTotalsTable = {
  id: Generated<number>;
  month: string;
  bookings: number;
  revenue: number | string;
  remaining: number | string;
};

/** Appended by triggers (migration 0037): +1 per registration on a realized flight, -1 when it stops being one. */
export type FlownRegistrationsTable = {
  id: Generated<number>;
  booking_id: number;
  passenger_id: number;
  delta: number;
};

export type DB = {
  roles: RolesTable;
  capabilities: CapabilitiesTable;
  role_capabilities: RoleCapabilitiesTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  login_attempts: LoginAttemptsTable;
  api_clients: ApiClientsTable;
  system_state: SystemStateTable;
  outbox_mails: OutboxMailsTable;
  settings: SettingsTable;
  customer_types: CustomerTypesTable;
  booking_statuses: StatusTable;
  flight_statuses: StatusTable;
  flight_schedules: FlightSchedulesTable;
  booking_origins: LabelTable;
  business_providers: LabelTable;
  payment_methods: LabelTable;
  passenger_types: LabelTable;
  flight_types: LabelDefaultTable;
  customers: CustomersTable;
  locations: LocationsTable;
  ticket_templates: TicketTemplatesTable;
  prestations: PrestationsTable;
  balloons: BalloonsTable;
  pilots: PilotsTable;
  teammates: TeammatesTable;
  bookings: BookingsTable;
  booking_flight_schedules: BookingFlightSchedulesTable;
  booking_links: BookingLinksTable;
  requested_dates: RequestedDatesTable;
  booking_notes: BookingNotesTable;
  passengers: PassengersTable;
  flights: FlightsTable;
  flight_teammates: FlightTeammatesTable;
  registrations: RegistrationsTable;
  registration_requests: RegistrationRequestsTable;
  flight_notes: FlightNotesTable;
  events: EventsTable;
  email_templates: EmailTemplatesTable;
  email_logs: EmailLogsTable;
  remote_orders: RemoteOrdersTable;
  woocommerce_sync_notifications: WoocommerceSyncNotificationsTable;
  woocommerce_sync_jobs: WoocommerceSyncJobsTable;
  table_versions: TableVersionsTable;
  booking_month_totals: BookingMonthTotalsTable;
  flown_registrations: FlownRegistrationsTable;
  booking_validity_extensions: BookingValidityExtensionsTable;
  scheduled_jobs: ScheduledJobsTable;
  flight_postponements: FlightPostponementsTable;
  flight_closures: FlightClosuresTable;
  flight_records: FlightRecordsTable;
  balloon_inspections: BalloonInspectionsTable;
  history_entries: HistoryEntriesTable;
  field_boardings: FieldBoardingsTable;
  field_reports: FieldReportsTable;
  field_sync_operations: FieldSyncOperationsTable;
  booking_space_links: BookingSpaceLinksTable;
  passenger_weight_changes: PassengerWeightChangesTable;
};
