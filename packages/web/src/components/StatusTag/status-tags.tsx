import {
  availabilityState,
  bookingStatusById,
  FLIGHT_STATUSES,
  flightAvailabilityDisplay,
  flightStatusById,
  passengerCounterDisplay,
  type QueuedMail,
  totalWeightColor,
} from '@app/domain';
import { Group } from '@mantine/core';
import { IconAlertTriangle, IconArmchair, IconScale, IconUsers } from '@tabler/icons-react';
import { formatNumber, formatStamp } from '../../lib/format';
import { HoverTooltip } from '../HoverTooltip/HoverTooltip';
import { StatusTag } from './StatusTag';
import { statusIcon } from './status-icons';

// The tags several screens show: a booking's or a flight's status, a flight's seats, passengers and weight, a
// queued mail's result.

/** A booking status as its coloured tag with its icon: the booking page's header, the picker of a flight. */
export function BookingStatusTag({ statusId }: { statusId: number }) {
  const status = bookingStatusById(statusId);
  if (!status) return null;
  return (
    <StatusTag color={status.color ?? 'disabled'} icon={statusIcon(status.icon)}>
      {status.label}
    </StatusTag>
  );
}

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
    <HoverTooltip label={AVAILABILITY_LABELS[state]}>
      <StatusTag size="small" color={display.color} icon={IconArmchair}>
        {text}
      </StatusTag>
    </HoverTooltip>
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
        <HoverTooltip label="Plus de passagers que de places">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-red-7)"
            aria-label="Plus de passagers que de places"
          />
        </HoverTooltip>
      )}
    </Group>
  );
}

/** Total weight against the balloon's market mass. */
export function WeightTag({ weight, marketMass }: { weight: number; marketMass: number | null | undefined }) {
  return (
    <StatusTag size="small" color={totalWeightColor(weight, marketMass)} icon={IconScale}>
      {`${formatNumber(weight, 1)} kg${marketMass ? ` / ${marketMass}` : ''}`}
    </StatusTag>
  );
}

const MAIL_STATUS = {
  pending: { label: 'En attente', color: 'warning' },
  sent: { label: 'Envoyé', color: 'success' },
  failed: { label: 'Échec', color: 'danger' },
} as const;

export const mailDate = (mail: QueuedMail) => formatStamp(mail.sent_at ?? mail.created_at);

/** Sent, waiting (SMTP missing or down, retried) or given up, with the error or the attempts in a tooltip. */
export function MailStatusTag({ mail }: { mail: QueuedMail }) {
  const status = MAIL_STATUS[mail.status];
  return (
    <HoverTooltip label={mail.error ?? `${mail.attempts} tentative${mail.attempts > 1 ? 's' : ''}`}>
      <StatusTag size="small" color={status.color}>
        {status.label}
      </StatusTag>
    </HoverTooltip>
  );
}
