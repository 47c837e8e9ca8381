import {
  availabilityState,
  type ComplianceItem,
  FLIGHT_STATUSES,
  type FlightMasses,
  flightAvailabilityDisplay,
  type ListQuery,
  passengerCounterDisplay,
  type StatusDefinition,
  totalWeightColor,
} from '@app/domain';
import { Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArmchair, IconScale, IconUsers } from '@tabler/icons-react';
import { statusIcon } from '../../app/status-icons';
import { StatusTag } from '../../components';

// What the flight screens read and the status, availability, counter and weight tags they show.

type Labelled = { id: number; label: string };

export type Flight = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  is_public: number;
  takeoff_temperature: number | null;
  flight_max_altitude: number | null;
  flight_type_id: number | null;
  location_id: number | null;
  prestation_id: number | null;
  balloon_id: number | null;
  pilot_id: number | null;
  takeoff_time: string | null;
  landing_time: string | null;
  /** Issue 30: the fuel loaded (kg) and the logbook's after-flight fields. */
  fuel_loaded?: number | null;
  landing_place?: string | null;
  remarks?: string | null;
  incidents?: string | null;
  flight_status_id: number;
  passengers_count: number;
  total_weight: number;
  availability: number | null;
  location?: (Labelled & { takeoff_altitude: number | null; flight_max_altitude?: number | null }) | null;
  balloon?:
    | (Labelled & {
        passengers: number;
        market_mass: number | null;
        envelope_temperature: number | null;
        volume: number | null;
        takeoff_max_mass?: number | null;
      })
    | null;
  pilot?: { id: number; full_name: string } | null;
  prestation?: Labelled | null;
  flight_type?: Labelled | null;
  flight_status?: { id: number; slug: string; label: string } | null;
  teammates?: { id: number; full_name: string }[];
  pinned_note?: { id: number; content: string } | null;
  flight_masses?: FlightMasses | null;
  /** Issue 30 (`append=compliance`): the flight file's warnings on the flight's day. */
  compliance?: ComplianceItem[];
};

export type { FlightMasses };

/** The flight page's read (GET /api/flights/{id}?embed=...&count=passengers&append=flight_masses). */
export const FLIGHT_DETAIL_QUERY: ListQuery = {
  embed: ['location', 'balloon', 'pilot', 'teammates', 'flight_type', 'flight_status', 'prestation', 'pinned_note'],
  append: ['flight_masses', 'compliance'],
};

const STATUSES: StatusDefinition[] = Object.values(FLIGHT_STATUSES);
export const flightStatusById = (id: number | null | undefined): StatusDefinition | undefined =>
  STATUSES.find((status) => status.id === id);
export const isFlightEditable = (flight: Pick<Flight, 'flight_status_id'>): boolean =>
  flightStatusById(flight.flight_status_id)?.isEditable ?? true;

/** Flight status tag; on planning cards a planned flight shows a balloon instead of the calendar. */
export function FlightStatusTag({
  statusId,
  isCard = false,
  size = 'medium',
}: {
  statusId: number;
  isCard?: boolean;
  size?: 'small' | 'medium';
}) {
  const status = flightStatusById(statusId);
  if (!status) return null;
  const icon = isCard && status.slug === FLIGHT_STATUSES.planned.slug ? 'balloon' : status.icon;
  return (
    <StatusTag color={status.color ?? 'disabled'} icon={statusIcon(icon)} size={size}>
      {status.label}
    </StatusTag>
  );
}

const AVAILABILITY_LABELS = {
  unknown: 'Places inconnues',
  full: 'Complet',
  limited: 'Places limitées',
  free: 'Places libres',
};

/** Availability: seats left, coloured by the status and the thresholds 0 and 2. */
export function AvailabilityTag({ statusId, availability }: { statusId: number; availability: number | null }) {
  const status = flightStatusById(statusId);
  const display = flightAvailabilityDisplay(status?.slug ?? '', availability);
  const state = availabilityState(availability);
  const text =
    availability === null
      ? AVAILABILITY_LABELS.unknown
      : state === 'full'
        ? 'Complet'
        : `${availability} place${availability > 1 ? 's' : ''}`;
  return (
    <Tooltip label={AVAILABILITY_LABELS[state]}>
      <StatusTag size="small" color={display.color} icon={IconArmchair}>
        {text}
      </StatusTag>
    </Tooltip>
  );
}

/** Passenger counter against the balloon's capacity, with the warning icon above it. */
export function PassengerCounter({ count, capacity }: { count: number; capacity: number | null | undefined }) {
  const display = passengerCounterDisplay(count, capacity);
  return (
    <Group gap={4} wrap="nowrap">
      <StatusTag
        size="small"
        color={display.color}
        icon={IconUsers}
        aria-label={
          capacity === null || capacity === undefined
            ? `${count} passagers, pas de ballon`
            : `${count} passagers sur ${capacity} places`
        }
      >
        {capacity === null || capacity === undefined ? `${count}` : `${count} / ${capacity}`}
      </StatusTag>
      {display.exceedsCapacity && (
        <Tooltip label="Plus de passagers que de places">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-red-7)"
            aria-label="Plus de passagers que de places"
          />
        </Tooltip>
      )}
    </Group>
  );
}

/** Total weight against the balloon's market mass. */
export function WeightTag({ weight, marketMass }: { weight: number; marketMass: number | null | undefined }) {
  return (
    <StatusTag size="small" color={totalWeightColor(weight, marketMass)} icon={IconScale}>
      {`${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(weight)} kg${marketMass ? ` / ${marketMass}` : ''}`}
    </StatusTag>
  );
}

/** A time as the API wants it (seconds appended). */
export const withSeconds = (time: string): string => (/^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time);
