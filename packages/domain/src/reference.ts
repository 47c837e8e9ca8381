// Fixed reference rows the server seeds: statuses, customer types, roles and capabilities, settings and their defaults.

export const CUSTOMER_TYPES = {
  association: { id: 1, slug: 'association', label: 'Association' },
  individual: { id: 2, slug: 'individual', label: 'Particulier' },
  professional: { id: 3, slug: 'professional', label: 'Professionnel' },
} as const;

export const ROLES = {
  su: { id: 1, slug: 'su', label: 'Super utilisateur' },
  admin: { id: 2, slug: 'admin', label: 'Administrateur' },
  operator: { id: 3, slug: 'operator', label: 'Opérateur' },
} as const;
export type RoleSlug = keyof typeof ROLES;

export const CAPABILITIES = {
  manage_settings: 'Gérer les paramètres',
  manage_ticket_templates: 'Gérer les modèles de billet',
  manage_users: 'Gérer les utilisateurs',
} as const;
export type Capability = keyof typeof CAPABILITIES;

/** Capabilities each role gets on a fresh install; su may change them on the capabilities page. */
export const DEFAULT_ROLE_CAPABILITIES: Record<RoleSlug, Capability[]> = {
  su: ['manage_settings', 'manage_ticket_templates', 'manage_users'],
  admin: ['manage_settings', 'manage_ticket_templates', 'manage_users'],
  operator: [],
};

export const FLIGHT_SCHEDULES = [
  { id: 1, label: 'Matin', position: 1 },
  { id: 2, label: 'Soir', position: 2 },
] as const;

/** Known settings keys with their defaults (values are strings; switches use '1'/'0'). */
export const SETTING_DEFAULTS = {
  planning_widgets_enabled: '0',
  planning_flightcard_show_location: '1',
  planning_flightcard_show_prestation: '1',
  planning_flightcard_show_balloon: '1',
  planning_flightcard_show_pilot: '1',
  planning_flightcard_show_total_weight: '1',
  ofp_passenger_supplement: '0',
  remote_orders_import_enabled: '0',
  ticketing_enabled: '0',
  woocommerce_url: '',
  woocommerce_consumer_key: '',
  woocommerce_consumer_secret: '',
  company_name: '',
  company_email: '',
  company_phone: '',
  /** Postal address, a few lines (company.ts), printed on tickets with the phone, email and website. */
  company_address: '',
  company_website: '',
  email_signature: '',
  mail_sender_name: '',
  mail_sender_email: '',
  mail_reply_to: '',
  ofp_pilot_bag_default: '0',
  widget_show_availability: '1',
  widget_show_location: '1',
  widget_show_prestation: '1',
  /** Months a voucher stays valid after its purchase date (issue 12). */
  voucher_validity_months: '12',
  /** Issue 32: the daily backup's folder on the server (absolute; empty: no daily backup) and how many are kept. */
  backup_folder: '',
  backup_keep: '7',
  /**
   * Issue 29, page 'Bons et validité': at a weather postponement, (a) a validity ending within N days is extended by
   * M months; (b) at K postponements, M' months once; (c) at R, 'Remboursement à proposer'.
   */
  validity_rule_near_expiry_enabled: '1',
  validity_rule_near_expiry_days: '60',
  validity_rule_near_expiry_months: '4',
  validity_rule_attempts_enabled: '1',
  validity_rule_attempts_count: '4',
  validity_rule_attempts_months: '6',
  validity_rule_refund_enabled: '1',
  validity_rule_refund_count: '7',
  /**
   * Issue 30, the flight file: a pilot is current with N realized flights in the D days before the flight; a balloon
   * is inspected every M months or H hours, whichever comes first; each passenger's declared weight is increased by
   * the clothing and hand-baggage allowance (kg).
   */
  pilot_recency_flights: '3',
  pilot_recency_days: '180',
  balloon_inspection_months: '12',
  balloon_inspection_hours: '100',
  ofp_allowance_clothing: '4',
  ofp_allowance_baggage: '3',
  /** The operator's time zone: which day 'today' is for the dashboard, validity, the daily jobs and the reports. */
  operator_time_zone: 'Europe/Paris',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** Settings stored sealed (server services/secret-box.ts) and never answered: a read says only whether one is set. */
export const SECRET_SETTINGS: readonly SettingKey[] = ['woocommerce_consumer_secret'];

/** Settings only the su role may read or write (the online-shop credentials). */
export const SU_ONLY_SETTINGS: readonly SettingKey[] = [
  'woocommerce_url',
  'woocommerce_consumer_key',
  'woocommerce_consumer_secret',
];

export const TICKET_TEMPLATE_BASES = [
  { slug: 'classic', label: 'Classique' },
  { slug: 'gift', label: 'Bon cadeau' },
  { slug: 'minimal', label: 'Épuré' },
] as const;
