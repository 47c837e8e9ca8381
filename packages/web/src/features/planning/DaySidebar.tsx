import { type ComplianceItem, isCalendarDate, MESSAGES } from '@app/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconExternalLink,
  IconMoon,
  IconNote,
  IconPlus,
  IconSun,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { planningReads } from '../../api/endpoints/planning';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import {
  AvailabilityTag,
  confirmDelete,
  FlightStatusTag,
  PassengerCounter,
  StatusTag,
  WeightTag,
} from '../../components';
import { pathTo } from '../../lib/routes';
import { useDialog } from '../../lib/use-dialog';
import { type Booking, BookingBadges } from '../bookings';
import {
  ComplianceLines,
  DuplicateFlightDialog,
  EventDialog,
  isFlightEditable,
  NewFlightDialog,
  type PlanningEvent,
} from '../flights';
import { type CardSettings, fullDate, useCardSettings } from './planning-model';

// Day sidebar: the full date, the pending-passengers tag opening 'Passagers intéressés', the day's flights
// and notes by time with the morning (sun) and evening (moon) separators, flight cards (link, Dupliquer / Supprimer)
// and event cards (open the note dialog), and the footer buttons for a new flight and a new note.

export type DayFlight = {
  kind: 'flight';
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  flight_status_id: number;
  flight_status: { is_editable: number; slug: string };
  location: { label: string } | null;
  prestation: { label: string } | null;
  balloon: { label: string; passengers: number; market_mass: number | null } | null;
  pilot: { full_name: string } | null;
  passengers_count: number;
  total_weight: number;
  availability: number | null;
  /** Issue 30: the flight file's warnings (pilot currency, inspection, fuel, crew). */
  compliance?: ComplianceItem[];
};

export function FlightCard({
  flight,
  show,
  onDuplicate,
  onDelete,
}: {
  flight: DayFlight;
  show: CardSettings;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const details = [
    show.location && flight.location ? `Lieu : ${flight.location.label}` : null,
    show.prestation && flight.prestation ? `Prestation : ${flight.prestation.label}` : null,
    show.balloon && flight.balloon ? `Ballon : ${flight.balloon.label}` : null,
    show.pilot && flight.pilot ? `Pilote : ${flight.pilot.full_name}` : null,
  ].filter(Boolean);
  const isEditable = isFlightEditable(flight);
  return (
    <Paper withBorder radius="md" p="sm" role="article" aria-label={`Vol de ${flight.scheduled_time.slice(0, 5)}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={pathTo('single-flight', { flightId: flight.id })} fw={700} underline="hover">
          {`Vol de ${flight.scheduled_time.slice(0, 5)}`}
        </Anchor>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Actions du vol de ${flight.scheduled_time.slice(0, 5)}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCopy size={14} />} onClick={onDuplicate}>
              Dupliquer
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete} disabled={!isEditable}>
              Supprimer
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap={6} mt={6}>
        <FlightStatusTag statusId={flight.flight_status_id} isCard size="small" />
        <AvailabilityTag statusId={flight.flight_status_id} availability={flight.availability} />
        <PassengerCounter count={flight.passengers_count} capacity={flight.balloon?.passengers} />
        {show.total_weight && <WeightTag weight={flight.total_weight} marketMass={flight.balloon?.market_mass} />}
      </Group>
      {details.length > 0 && (
        <Stack gap={0} mt={6}>
          {details.map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </Stack>
      )}
      {flight.compliance && flight.compliance.length > 0 && (
        <Stack mt={6} gap={0}>
          <ComplianceLines items={flight.compliance} />
        </Stack>
      )}
    </Paper>
  );
}

type PendingBooking = Booking & { passengers?: { weight: number | null }[] };

/** 'Passagers intéressés': the pending bookings asking for the day, each opening in a new tab. */
export function PendingBookingsDialog({ day, opened, onClose }: { day: string; opened: boolean; onClose: () => void }) {
  const result = useApiQuery(
    resource('bookings').list<PendingBooking>({
      filters: [
        { field: 'booking_status.slug', op: '=', value: 'pending' },
        { field: 'requested_dates.date', op: '=', value: day },
      ],
      embed: ['referent_passenger', 'location', 'prestation'],
    }),
    { failure: MESSAGES.pendingBookingsLoadFailed, enabled: opened },
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={MESSAGES.pendingBookingsTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="sm">
        {(result.data ?? []).map((booking) => (
          <Paper key={booking.id} withBorder p="sm" radius="md">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Group gap={6}>
                  {/* 'number or alternative number': the number, and the alternative beside it when both exist
                      (issue 27: the alternative alone hid the number the office searches by). */}
                  <Text fw={700}>{booking.number || booking.number_alt}</Text>
                  {booking.number && booking.number_alt && booking.number_alt !== booking.number && (
                    <Text size="sm" c="dimmed">{`(${booking.number_alt})`}</Text>
                  )}
                  <Text size="sm">
                    {booking.referent_passenger
                      ? `${booking.referent_passenger.full_name}${booking.referent_passenger.department ? ` (${booking.referent_passenger.department})` : ''}`
                      : 'Sans passager référent'}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {[
                    `${booking.passengers_number} passager${booking.passengers_number > 1 ? 's' : ''}`,
                    booking.total_weight ? `${booking.total_weight} kg` : null,
                    booking.location?.label,
                    booking.prestation?.label,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <BookingBadges booking={booking} />
              </Stack>
              <Anchor
                href={pathTo('single-booking', { bookingId: booking.id })}
                target="_blank"
                rel="noopener"
                aria-label={`Ouvrir la réservation ${booking.number} dans un nouvel onglet`}
              >
                <IconExternalLink size={18} />
              </Anchor>
            </Group>
          </Paper>
        ))}
        {result.isSuccess && result.data.length === 0 && <Text c="dimmed">{MESSAGES.noData}</Text>}
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
      </Stack>
    </Modal>
  );
}

type Dialog =
  | { kind: 'pending' }
  | { kind: 'new-flight' }
  | { kind: 'event'; event: PlanningEvent | null }
  | { kind: 'duplicate'; flight: DayFlight };

export function DaySidebar({ day, onClose }: { day: string; onClose: () => void }) {
  const isValid = isCalendarDate(day);
  const invalidate = useInvalidate();
  const show = useCardSettings();
  const dialog = useDialog<Dialog>();
  const [isConfirming, setConfirming] = useState(false);
  const result = useApiQuery(planningReads.day(day), { failure: MESSAGES.itemsLoadFailed, enabled: isValid });
  if (!isValid) return null;

  const items = [...(result.data?.items ?? [])].sort((a, b) => a.scheduled_time.localeCompare(b.scheduled_time));
  const firstEvening = items.findIndex((item) => Number(item.scheduled_time.slice(0, 2)) >= 12);
  const pending = result.data?.pending_passengers ?? 0;
  const changed = () => void invalidate('planning', 'flights');
  const remove = async (flight: DayFlight) => {
    setConfirming(true);
    const isDeleted = await confirmDelete({
      message: `Le vol du ${fullDate(day).toLowerCase()} à ${flight.scheduled_time.slice(0, 5)} sera supprimé.`,
      onConfirm: () => resource('flights').remove(flight.id),
      failureMessage: MESSAGES.deleteFailed,
    }).finally(() => setConfirming(false));
    if (isDeleted) changed();
  };
  const separator = (isMorning: boolean) => (
    <Divider
      labelPosition="left"
      label={
        <Group gap={4}>
          {isMorning ? <IconSun size={14} aria-hidden /> : <IconMoon size={14} aria-hidden />}
          {isMorning ? 'Matin' : 'Soir'}
        </Group>
      }
    />
  );
  const current = dialog.value;

  return (
    <Drawer
      opened
      onClose={onClose}
      // Escape closes the dialog open over the sidebar, not the sidebar too (issue 27): every open Mantine dialog
      // listens to Escape on the window, outside a Modal.Stack.
      closeOnEscape={!dialog.opened && !isConfirming}
      position="right"
      size={440}
      title={<Text fw={700}>{fullDate(day)}</Text>}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', minHeight: 'calc(100% - 60px)' } }}
    >
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group>
          <StatusTag
            color={pending > 0 ? 'warning' : 'disabled'}
            icon={IconUsers}
            onClick={() => dialog.open({ kind: 'pending' })}
            aria-label={`${pending} passagers en attente : voir les passagers intéressés`}
          >
            {`${pending} passager${pending > 1 ? 's' : ''} en attente`}
          </StatusTag>
        </Group>
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
        {result.isSuccess && items.length === 0 && <Text c="dimmed">Aucun vol ni note ce jour.</Text>}
        {items.map((item, index) => (
          <Fragment key={`${item.kind}-${item.id}`}>
            {index === 0 && index !== firstEvening && separator(true)}
            {index === firstEvening && separator(false)}
            {item.kind === 'flight' ? (
              <FlightCard
                flight={item}
                show={show}
                onDuplicate={() => dialog.open({ kind: 'duplicate', flight: item })}
                onDelete={() => remove(item)}
              />
            ) : (
              <UnstyledButton
                onClick={() => dialog.open({ kind: 'event', event: item })}
                aria-label={`Note : ${item.title}`}
              >
                <Paper withBorder radius="md" p="sm" bg="yellow.0">
                  <Group gap={6} wrap="nowrap">
                    <IconNote size={16} aria-hidden />
                    <Text fw={600}>{`${item.scheduled_time.slice(0, 5)} · ${item.title}`}</Text>
                  </Group>
                  {item.description && (
                    <Text size="sm" c="dimmed" lineClamp={3} mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                      {item.description}
                    </Text>
                  )}
                </Paper>
              </UnstyledButton>
            )}
          </Fragment>
        ))}
      </Stack>
      <Group grow mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => dialog.open({ kind: 'new-flight' })}>
          Nouveau vol
        </Button>
        <Button
          variant="default"
          leftSection={<IconNote size={16} aria-hidden />}
          onClick={() => dialog.open({ kind: 'event', event: null })}
        >
          Nouvelle note
        </Button>
      </Group>

      {current?.kind === 'pending' && (
        <PendingBookingsDialog key={dialog.key} day={day} opened={dialog.opened} onClose={dialog.close} />
      )}
      {current?.kind === 'new-flight' && (
        <NewFlightDialog key={dialog.key} day={day} opened={dialog.opened} onClose={dialog.close} onSaved={changed} />
      )}
      {current?.kind === 'event' && (
        <EventDialog
          key={dialog.key}
          event={current.event}
          day={day}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
      {current?.kind === 'duplicate' && (
        <DuplicateFlightDialog
          key={dialog.key}
          flight={current.flight}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
    </Drawer>
  );
}
