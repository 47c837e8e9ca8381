// Booking and flight statuses (id, slug, label, colour, icon, editable). The server seeds these rows with exactly these ids; the web reads them for colours and icons.

export type TagColor = 'danger' | 'disabled' | 'primary' | 'success' | 'warning';

export type StatusDefinition = {
  id: number;
  slug: string;
  label: string;
  labelPlural: string;
  color: TagColor | null;
  icon: string;
  isEditable: boolean;
};

export const BOOKING_STATUSES = {
  pending: {
    id: 1,
    slug: 'pending',
    label: 'En attente',
    labelPlural: 'En attente',
    color: null,
    icon: 'clipboard-list',
    isEditable: true,
  },
  inProgress: {
    id: 2,
    slug: 'in-progress',
    label: 'En cours',
    labelPlural: 'En cours',
    color: 'primary',
    icon: 'clipboard-list',
    isEditable: true,
  },
  completed: {
    id: 3,
    slug: 'completed',
    label: 'Terminée',
    labelPlural: 'Terminées',
    color: 'success',
    icon: 'clipboard-check',
    isEditable: false,
  },
  canceled: {
    id: 4,
    slug: 'canceled',
    label: 'Annulée',
    labelPlural: 'Annulées',
    color: 'danger',
    icon: 'x',
    isEditable: false,
  },
  expired: {
    id: 5,
    slug: 'expired',
    label: 'Périmée',
    labelPlural: 'Périmées',
    color: 'warning',
    icon: 'calendar',
    isEditable: false,
  },
} as const satisfies Record<string, StatusDefinition>;

export const FLIGHT_STATUSES = {
  planned: {
    id: 1,
    slug: 'planned',
    label: 'Planifié',
    labelPlural: 'Planifiés',
    color: 'primary',
    icon: 'calendar',
    isEditable: true,
  },
  realized: {
    id: 2,
    slug: 'realized',
    label: 'Réalisé',
    labelPlural: 'Réalisés',
    color: 'success',
    icon: 'check',
    isEditable: false,
  },
  weatherPostponed: {
    id: 3,
    slug: 'weather-postponed',
    label: 'Reporté - météo',
    labelPlural: 'Reportés - météo',
    color: 'danger',
    icon: 'rain',
    isEditable: false,
  },
  canceled: {
    id: 4,
    slug: 'canceled',
    label: 'Annulé',
    labelPlural: 'Annulés',
    color: 'danger',
    icon: 'x',
    isEditable: false,
  },
} as const satisfies Record<string, StatusDefinition>;

export type BookingStatusSlug = (typeof BOOKING_STATUSES)[keyof typeof BOOKING_STATUSES]['slug'];
export type FlightStatusSlug = (typeof FLIGHT_STATUSES)[keyof typeof FLIGHT_STATUSES]['slug'];

export const INITIAL_BOOKING_STATUS_ID = BOOKING_STATUSES.pending.id;
export const INITIAL_FLIGHT_STATUS_ID = FLIGHT_STATUSES.planned.id;

export const bookingStatusBySlug = (slug: string): StatusDefinition | undefined =>
  Object.values(BOOKING_STATUSES).find((s) => s.slug === slug);
export const bookingStatusById = (id: number | null | undefined): StatusDefinition | undefined =>
  Object.values(BOOKING_STATUSES).find((s) => s.id === id);
export const flightStatusById = (id: number | null | undefined): StatusDefinition | undefined =>
  Object.values(FLIGHT_STATUSES).find((s) => s.id === id);
