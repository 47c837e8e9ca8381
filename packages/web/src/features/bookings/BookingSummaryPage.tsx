import { FLIGHT_STATUSES, MESSAGES } from '@app/domain';
import { ActionIcon, Anchor, Button, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLinkOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { pathTo } from '../../app/routes';
import { statusIcon } from '../../app/status-icons';
import {
  confirmDelete,
  NoteActions,
  notifyFailure,
  StatusTag,
  SummaryCard,
  useRefreshDataList,
} from '../../components';
import { useDialog } from '../../lib/use-dialog';
import { useNotifiedList } from '../../lib/use-notified-query';
import { HistorySection } from '../history/HistorySection';
import { formatFlag } from '../reference-data';
import { RegistrationRequestsCard } from '../registration-requests/RegistrationRequestsCard';
import { BookingEmails } from './BookingEmails';
import { useBooking } from './BookingPage';
import { BookingSpaceCard } from './BookingSpace';
import { BookingStatusTag } from './BookingStatusTag';
import { ValidityCard, ValidityTag } from './BookingValidity';
import {
  BOOKINGS_ENDPOINT,
  type Booking,
  CUSTOMERS_ENDPOINT,
  type Customer,
  customerName,
  type FlightSummary,
  formatAmount,
  formatDate,
  formatTime,
  PASSENGERS_ENDPOINT,
  type PassengerSummary,
} from './booking-model';
import { BillingDialog } from './dialogs/BillingDialog';
import { BookingInfoDialog } from './dialogs/BookingInfoDialog';
import { type BookingNote, BookingNoteDialog } from './dialogs/BookingNoteDialog';
import { BookingStatusDialog } from './dialogs/BookingStatusDialog';
import { CustomerDialog } from './dialogs/CustomerDialog';
import { LinkBookingDialog } from './dialogs/LinkBookingDialog';
import { RequestedDatesDialog } from './dialogs/RequestedDatesDialog';
import { PassengersFlownCard } from './PassengersFlownCard';
import { bookingPrestation } from './PrestationToSpecify';

// single-booking summary: one section per part of the booking, each with its dialog. A
// closed booking (completed, canceled or expired) is read-only here except its status and its notes; the server refuses
// the rest anyway.

type Dialog =
  | { kind: 'general' | 'billing' | 'status' | 'customer' | 'dates' | 'link' }
  | { kind: 'note'; note: BookingNote | null };

type LinkedBooking = Booking & { booking_link_id: number; passengers_count: number };

function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function FlightLine({ flight }: { flight: FlightSummary }) {
  const status = Object.values(FLIGHT_STATUSES).find((s) => s.id === flight.flight_status_id);
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={pathTo('single-flight', { flightId: flight.id })} size="sm">
        {`${formatDate(flight.scheduled_date)} à ${formatTime(flight.scheduled_time)}`}
      </Anchor>
      {flight.location && (
        <Text size="sm" c="dimmed" truncate>
          {flight.location.label}
        </Text>
      )}
      {status && (
        <StatusTag size="small" color={status.color ?? 'disabled'} icon={statusIcon(status.icon)}>
          {status.label}
        </StatusTag>
      )}
    </Group>
  );
}

/** The referent's next and realized flights (referent_passenger on detail), read on their own. */
function ReferentFlights({ passengerId }: { passengerId: number }) {
  const result = useQuery({
    queryKey: [PASSENGERS_ENDPOINT, 'referent-flights', passengerId],
    queryFn: ({ signal }) =>
      api.one<PassengerSummary>(
        PASSENGERS_ENDPOINT,
        passengerId,
        { embed: ['next_flights.location', 'realized_flights.location'] },
        signal,
      ),
  });
  useEffect(() => {
    if (result.isError) notifyFailure(MESSAGES.passengersLoadFailed, result.error);
  }, [result.isError, result.error]);
  if (!result.data) return <EmptyLine>{result.isError ? MESSAGES.passengersLoadFailed : 'Chargement...'}</EmptyLine>;
  const { next_flights: next = [], realized_flights: realized = [] } = result.data;
  return (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Prochains vols
      </Text>
      {next.map((flight) => (
        <FlightLine key={flight.id} flight={flight} />
      ))}
      {next.length === 0 && <EmptyLine>Aucun vol prévu.</EmptyLine>}
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Vols réalisés
      </Text>
      {realized.map((flight) => (
        <FlightLine key={flight.id} flight={flight} />
      ))}
      {realized.length === 0 && <EmptyLine>Aucun vol réalisé.</EmptyLine>}
    </>
  );
}

export default function BookingSummaryPage() {
  const { booking, isEditable } = useBooking();
  const refresh = useRefreshDataList();
  const dialog = useDialog<Dialog>();
  const { open, close } = dialog;
  const id = booking.id;

  // Its bookings counted: editing a customer several bookings share says so (issue 27).
  const customers = useNotifiedList<Customer & { bookings_count?: number }>(
    [CUSTOMERS_ENDPOINT, 'of-booking', id],
    (signal) =>
      api.list(
        CUSTOMERS_ENDPOINT,
        {
          filters: [{ field: 'bookings.id', op: '=', value: String(id) }],
          embed: ['customer_type'],
          count: ['bookings'],
        },
        signal,
      ),
    MESSAGES.customerLoadFailed,
  );
  const dates = useNotifiedList<{ id: number; date: string }>(
    ['/api/requested-dates', 'of-booking', id],
    (signal) =>
      api.list(
        '/api/requested-dates',
        {
          filters: [{ field: 'booking_id', op: '=', value: String(id) }],
          order: [{ field: 'date', direction: 'ASC' }],
        },
        signal,
      ),
    MESSAGES.requestedDatesLoadFailed,
  );
  const notes = useNotifiedList<BookingNote>(
    ['/api/booking-notes', 'of-booking', id],
    (signal) =>
      api.list(
        '/api/booking-notes',
        {
          filters: [{ field: 'booking_id', op: '=', value: String(id) }],
          order: [{ field: 'created_at', direction: 'ASC' }],
        },
        signal,
      ),
    MESSAGES.notesLoadFailed,
  );
  const linked = useNotifiedList<LinkedBooking>(
    [BOOKINGS_ENDPOINT, 'linked', id],
    (signal) => api.get<LinkedBooking[]>(`${BOOKINGS_ENDPOINT}/${id}/linked`, undefined, signal),
    MESSAGES.linkedBookingsLoadFailed,
  );

  const customer = customers.data?.[0] ?? null;
  const referent = booking.referent_passenger;
  const saved = (endpoint: string) => () => {
    void refresh(endpoint);
    void refresh(BOOKINGS_ENDPOINT);
  };

  const removeDate = async (dateId: number, date: string) => {
    const isDeleted = await confirmDelete({
      message: `La date souhaitée du ${formatDate(date)} sera retirée.`,
      onConfirm: () => api.remove('/api/requested-dates', dateId),
      failureMessage: MESSAGES.deleteFailed,
      successMessage: 'Date retirée',
    });
    if (isDeleted) saved('/api/requested-dates')();
  };
  const removeNote = async (note: BookingNote) => {
    const isDeleted = await confirmDelete({
      message: 'Cette note sera supprimée.',
      onConfirm: () => api.remove('/api/booking-notes', note.id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) saved('/api/booking-notes')();
  };
  const unlink = async (other: LinkedBooking) => {
    const isDeleted = await confirmDelete({
      message: `La réservation ${other.number} ne sera plus liée à celle-ci.`,
      onConfirm: () => api.remove('/api/booking-links', other.booking_link_id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) saved(BOOKINGS_ENDPOINT)();
  };

  const addButton = (label: string, onClick: () => void, disabled = !isEditable) => (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconPlus size={14} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </Button>
  );

  const current = dialog.value;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <SummaryCard
          title="Informations générales"
          onEdit={() => open({ kind: 'general' })}
          isEditDisabled={!isEditable}
          rows={[
            { label: 'Numéro', value: booking.number },
            { label: 'Numéro alternatif', value: booking.number_alt },
            { label: 'Passagers', value: `${booking.passengers_count ?? 0} / ${booking.passengers_number}` },
            { label: "Date d'achat", value: formatDate(booking.booked_at) },
            {
              label: 'Date de validité',
              value: (
                <Group gap={6} component="span">
                  {formatDate(booking.validity_date)}
                  <ValidityTag booking={booking} />
                </Group>
              ),
            },
            { label: 'Lieu de vol', value: booking.location?.label },
            { label: 'Prestation', value: bookingPrestation(booking, 'medium') },
            { label: 'Créneaux', value: (booking.flight_schedules ?? []).map((s) => s.label).join(', ') },
            { label: 'Infos pré-vol envoyées', value: formatFlag(booking.has_pre_flight_infos) },
            { label: 'Origine', value: booking.booking_origin?.label },
            { label: 'Apporteur', value: booking.business_provider?.label },
          ]}
        />
        <SummaryCard
          title="Facturation"
          onEdit={() => open({ kind: 'billing' })}
          isEditDisabled={!isEditable}
          rows={[
            { label: 'Moyen de paiement', value: booking.payment_method?.label },
            { label: 'Remboursable', value: formatFlag(booking.refundable) },
            { label: 'Montant total', value: formatAmount(booking.total_amount) },
            { label: 'Déjà payé', value: formatAmount(booking.paid_amount) },
            {
              label: 'Reste à payer',
              value: (
                <Text inherit c={(booking.remaining_amount ?? 0) > 0 ? 'red' : undefined}>
                  {formatAmount(booking.remaining_amount) || '—'}
                </Text>
              ),
            },
          ]}
        />
        <Stack gap="md">
          <SummaryCard title="Statut" onEdit={() => open({ kind: 'status' })}>
            <BookingStatusTag statusId={booking.booking_status_id} />
          </SummaryCard>
          <SummaryCard
            title="Client"
            onEdit={customer ? () => open({ kind: 'customer' }) : undefined}
            isEditDisabled={!isEditable}
            actions={!customer && !customers.isLoading ? addButton('Ajouter', () => open({ kind: 'customer' })) : null}
            rows={
              customer
                ? [
                    { label: 'Nom', value: customerName(customer) },
                    { label: 'Type', value: customer.customer_type?.label },
                    { label: 'Email', value: customer.email },
                    { label: 'Téléphone', value: customer.phone },
                    {
                      label: 'Adresse',
                      value: [customer.address, [customer.zip_code, customer.town].filter(Boolean).join(' ')]
                        .filter(Boolean)
                        .join(', '),
                    },
                  ]
                : undefined
            }
          >
            {!customer && !customers.isLoading && <EmptyLine>Aucun client associé.</EmptyLine>}
          </SummaryCard>
        </Stack>

        <ValidityCard booking={booking} />

        <PassengersFlownCard bookingId={id} passengersNumber={booking.passengers_number} />

        <SummaryCard title="Dates souhaitées" actions={addButton('Ajouter', () => open({ kind: 'dates' }))}>
          <Stack gap={4}>
            {(dates.data ?? []).map((d) => (
              <Group key={d.id} justify="space-between" gap="xs">
                <Text size="sm">{formatDate(d.date)}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Retirer la date du ${formatDate(d.date)}`}
                  onClick={() => removeDate(d.id, d.date)}
                  disabled={!isEditable}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
            {dates.data?.length === 0 && <EmptyLine>Aucune date souhaitée.</EmptyLine>}
          </Stack>
        </SummaryCard>

        <SummaryCard title="Notes" actions={addButton('Ajouter', () => open({ kind: 'note', note: null }), false)}>
          <Stack gap="xs">
            {(notes.data ?? []).map((note) => (
              <Stack key={note.id} gap={2}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {new Date(note.created_at).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' })}
                  </Text>
                  <NoteActions onEdit={() => open({ kind: 'note', note })} onDelete={() => removeNote(note)} />
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.content}
                </Text>
              </Stack>
            ))}
            {notes.data?.length === 0 && <EmptyLine>Aucune note.</EmptyLine>}
          </Stack>
        </SummaryCard>

        <SummaryCard title="Réservations liées" actions={addButton('Lier', () => open({ kind: 'link' }))}>
          <Stack gap={4}>
            {(linked.data ?? []).map((other) => (
              <Group key={other.id} justify="space-between" gap="xs" wrap="nowrap">
                <Group gap={6} wrap="nowrap" miw={0}>
                  <Anchor component={Link} to={pathTo('single-booking', { bookingId: other.id })} size="sm" fw={600}>
                    {other.number}
                  </Anchor>
                  <Text size="sm" c="dimmed" truncate>
                    {[other.referent_passenger?.full_name, `${other.passengers_count} pass.`]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Group>
                <Tooltip label="Délier">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Délier la réservation ${other.number}`}
                    onClick={() => unlink(other)}
                    disabled={!isEditable}
                  >
                    <IconLinkOff size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            {linked.data?.length === 0 && <EmptyLine>Aucune réservation liée.</EmptyLine>}
          </Stack>
        </SummaryCard>

        <BookingEmails bookingId={id} />

        <BookingSpaceCard booking={booking} isEditable={isEditable} />

        <RegistrationRequestsCard of="booking" id={id} onDecided={saved(PASSENGERS_ENDPOINT)} />

        <SummaryCard title="Vols du passager référent">
          {referent ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {referent.full_name}
                {referent.department ? ` (${referent.department})` : ''}
              </Text>
              <ReferentFlights passengerId={referent.id} />
            </Stack>
          ) : (
            <Group gap="xs">
              <EmptyLine>Pas encore de passager référent.</EmptyLine>
              <Anchor component={Link} to={pathTo('single-booking-passengers', { bookingId: id })} size="sm">
                <Group gap={4} component="span">
                  Passagers
                  <IconExternalLink size={12} aria-hidden />
                </Group>
              </Anchor>
            </Group>
          )}
        </SummaryCard>
      </SimpleGrid>

      <HistorySection endpoint={BOOKINGS_ENDPOINT} id={id} />

      {current?.kind === 'general' && (
        <BookingInfoDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved(BOOKINGS_ENDPOINT)}
        />
      )}
      {current?.kind === 'billing' && (
        <BillingDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved(BOOKINGS_ENDPOINT)}
        />
      )}
      {current?.kind === 'status' && (
        <BookingStatusDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved(BOOKINGS_ENDPOINT)}
        />
      )}
      {current?.kind === 'customer' && (
        <CustomerDialog
          key={dialog.key}
          booking={booking}
          customer={customer}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved(CUSTOMERS_ENDPOINT)}
        />
      )}
      {current?.kind === 'dates' && (
        <RequestedDatesDialog
          key={dialog.key}
          booking={booking}
          existing={(dates.data ?? []).map((d) => d.date)}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved('/api/requested-dates')}
        />
      )}
      {current?.kind === 'note' && (
        <BookingNoteDialog
          key={dialog.key}
          booking={booking}
          note={current.note}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved('/api/booking-notes')}
        />
      )}
      {current?.kind === 'link' && (
        <LinkBookingDialog
          key={dialog.key}
          booking={booking}
          linkedIds={(linked.data ?? []).map((b) => b.id)}
          opened={dialog.opened}
          onClose={close}
          onSaved={saved(BOOKINGS_ENDPOINT)}
        />
      )}
    </Stack>
  );
}
