import { FLIGHT_RECORD_MESSAGES, FLIGHT_STATUSES, LIST_LOAD_FAILED_MESSAGES, MESSAGES } from '@app/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBalloon, IconCopy, IconMail, IconPin, IconPlus, IconUserMinus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { canAccess } from '../../app/guards';
import { pathTo } from '../../app/routes';
import {
  confirmAccept,
  confirmDelete,
  NoteActions,
  notifyFailure,
  notifySuccess,
  StatusTag,
  SummaryCard,
  useRefreshDataList,
} from '../../components';
import { useDialog } from '../../lib/use-dialog';
import { useNotifiedList } from '../../lib/use-notified-query';
import { useMe } from '../../session/store';
import { BOOKINGS_ENDPOINT, formatDate, type PassengerSummary } from '../bookings/booking-model';
import { PassengerFlightsDialog } from '../bookings/dialogs/PassengerFlightsDialog';
import { FieldBoardingSection } from '../field/FieldBoardingSection';
import { HistorySection } from '../history/HistorySection';
import { formatFlag } from '../reference-data';
import { RegistrationRequestsCard } from '../registration-requests/RegistrationRequestsCard';
import { AddPassengersDialog } from './dialogs/AddPassengersDialog';
import { DuplicateFlightDialog } from './dialogs/DuplicateFlightDialog';
import { FlightInfoDialog } from './dialogs/FlightInfoDialog';
import { type FlightNote, FlightNoteDialog } from './dialogs/FlightNoteDialog';
import { FlightRecordDialog } from './dialogs/FlightRecordDialog';
import { FlightStatusDialog } from './dialogs/FlightStatusDialog';
import {
  notifySkipped,
  notifyWaitingMails,
  PostponeFlightDialog,
  postponementMessage,
} from './dialogs/PostponeFlightDialog';
import { ComplianceAlert, FlightRecordsCard, useIsFlightSealed } from './FlightFile';
import { useFlight } from './FlightPage';
import { FLIGHTS_ENDPOINT, FlightStatusTag, PassengerCounter, WeightTag } from './flight-model';
import { WeightChangesAlert } from './WeightChanges';

// single-flight summary: general info, status, passengers grouped by booking with the passenger counter and
// weight, the add-passengers dialog, notes with a pinned one. A flight in a not-editable status (realized,
// postponed, canceled) is read-only here except its status and notes; the server refuses the rest anyway.

type FlightBooking = {
  id: number;
  number: string;
  number_alt: string | null;
  passengers_number: number;
  referent_passenger: PassengerSummary | null;
  passengers: (PassengerSummary & {
    registration_id: number;
    age: number | null;
    weight: number | null;
    ticket_number: string | null;
    passenger_type_id: number | null;
  })[];
};

type PostponedPassenger = {
  id: number;
  booking_id: number | null;
  full_name: string | null;
  weight: number | null;
  postponed_at: string;
  user_name: string | null;
  booking: { id: number; number: string } | null;
};

type Dialog =
  | { kind: 'info' | 'status' | 'record' | 'postpone' | 'duplicate' | 'add' }
  | { kind: 'note'; note: FlightNote | null }
  | { kind: 'passenger-flights'; passenger: { id: number; full_name: string } };

export default function FlightSummaryPage() {
  const { flight, isEditable: isStatusEditable } = useFlight();
  // Issue 30: a sealed flight record freezes the flight until a correction is opened.
  const isSealed = useIsFlightSealed(flight.id);
  const isEditable = isStatusEditable && !isSealed;
  const isRealized = flight.flight_status_id === FLIGHT_STATUSES.realized.id;
  const me = useMe();
  const { settings } = me;
  const refresh = useRefreshDataList();
  const navigate = useNavigate();
  const dialog = useDialog<Dialog>();
  const id = flight.id;

  const bookings = useNotifiedList<FlightBooking>(
    [FLIGHTS_ENDPOINT, 'bookings', id],
    (signal) => api.get<FlightBooking[]>(`${FLIGHTS_ENDPOINT}/${id}/bookings`, undefined, signal),
    MESSAGES.passengersLoadFailed,
  );
  const notes = useNotifiedList<FlightNote>(
    ['/api/flight-notes', 'of-flight', id],
    (signal) =>
      api.list<FlightNote>(
        '/api/flight-notes',
        {
          filters: [{ field: 'flight_id', op: '=', value: String(id) }],
          order: [{ field: 'created_at', direction: 'ASC' }],
        },
        signal,
      ),
    MESSAGES.notesLoadFailed,
  );
  // Issue 12: a weather-postponed flight keeps the manifest it had, as history (its passengers were unregistered).
  const postponed = useNotifiedList<PostponedPassenger>(
    ['/api/flight-postponements', 'of-flight', id],
    (signal) =>
      api.list<PostponedPassenger>(
        '/api/flight-postponements',
        { filters: [{ field: 'flight_id', op: '=', value: String(id) }], embed: ['booking'] },
        signal,
      ),
    MESSAGES.passengersLoadFailed,
  );
  const types = useNotifiedList<{ id: number; label: string }>(
    ['/api/passenger-types', 'options', 'label', null],
    (signal) => api.list('/api/passenger-types', { order: [{ field: 'label', direction: 'ASC' }] }, signal),
    LIST_LOAD_FAILED_MESSAGES.passengerTypes,
  );
  const typeLabel = (typeId: number | null) => types.data?.find((t) => t.id === typeId)?.label ?? '—';

  const changed = () => {
    void refresh(FLIGHTS_ENDPOINT);
    void refresh('/api/planning');
    void refresh('/api/flight-notes');
    void refresh(BOOKINGS_ENDPOINT);
    // A status change may postpone the flight or undo its postponement (issue 12), complete its bookings and close
    // their requested dates, or undo that (issue 27).
    void refresh('/api/flight-postponements');
    void refresh('/api/passengers');
    void refresh('/api/requested-dates');
  };
  const unregister = async (passenger: { full_name: string; registration_id: number }) => {
    const isDeleted = await confirmDelete({
      message: `${passenger.full_name} sera retiré de ce vol.`,
      onConfirm: () => api.remove('/api/registrations', passenger.registration_id),
      failureMessage: MESSAGES.deleteFailed,
      successMessage: 'Passager retiré du vol',
    });
    if (isDeleted) changed();
  };
  const removeNote = async (note: FlightNote) => {
    const isDeleted = await confirmDelete({
      message: 'Cette note sera supprimée.',
      onConfirm: () => api.remove('/api/flight-notes', note.id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) changed();
  };

  const registeredIds = (bookings.data ?? []).flatMap((b) => b.passengers.map((p) => p.id));
  // Issue 10: one convocation per registered booking, to its referent (or customer); those without an address
  // are named so staff can call them.
  const convoke = async () => {
    const count = (bookings.data ?? []).length;
    const isConfirmed = await confirmAccept({
      title: 'Convoquer les passagers',
      message: `Une convocation sera envoyée pour chacune des ${count} réservation${count > 1 ? 's' : ''} de ce vol.`,
    });
    if (!isConfirmed) return;
    try {
      const result = await api.post<{ queued: number; skipped: { number: string }[] }>(
        `${FLIGHTS_ENDPOINT}/${id}/convocations`,
      );
      notifySuccess(
        `${result.queued} convocation${result.queued > 1 ? 's' : ''} envoyée${result.queued > 1 ? 's' : ''}`,
      );
      if (result.skipped.length) {
        notifyFailure(`Sans adresse email : ${result.skipped.map((b) => b.number).join(', ')}`);
      }
    } catch (error) {
      notifyFailure("L'envoi des convocations a échoué", error);
    }
  };
  const manifest = postponed.data ?? [];
  const postponedBy = manifest[0]?.user_name ? ` par ${manifest[0].user_name}` : '';
  const sortedNotes = [...(notes.data ?? [])].sort((a, b) => b.is_pinned - a.is_pinned);
  const current = dialog.value;

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={convoke}
          disabled={(bookings.data ?? []).length === 0}
        >
          Convoquer les passagers
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => dialog.open({ kind: 'duplicate' })}
        >
          Dupliquer
        </Button>
      </Group>
      {flight.pinned_note && (
        <Paper withBorder p="sm" radius="md" bg="yellow.0" role="note" aria-label="Note épinglée">
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconPin size={16} aria-hidden />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {flight.pinned_note.content}
            </Text>
          </Group>
        </Paper>
      )}
      <ComplianceAlert items={flight.compliance} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SummaryCard
          title="Informations générales"
          onEdit={() => dialog.open({ kind: 'info' })}
          isEditDisabled={!isEditable}
          rows={[
            { label: 'Date', value: formatDate(flight.scheduled_date) },
            { label: 'Heure', value: flight.scheduled_time.slice(0, 5) },
            { label: 'Lieu de vol', value: flight.location?.label },
            { label: 'Prestation', value: flight.prestation?.label },
            { label: 'Type de vol', value: flight.flight_type?.label },
            { label: 'Ballon', value: flight.balloon?.label },
            { label: 'Pilote', value: flight.pilot?.full_name },
            { label: 'Équipiers', value: (flight.teammates ?? []).map((t) => t.full_name).join(', ') },
            {
              label: 'Altitude maximale',
              value: flight.flight_max_altitude === null ? '' : `${flight.flight_max_altitude} m`,
            },
            {
              label: 'Température au décollage',
              value: flight.takeoff_temperature === null ? '' : `${flight.takeoff_temperature} °C`,
            },
            {
              label: 'Carburant embarqué',
              value: flight.fuel_loaded === null || flight.fuel_loaded === undefined ? '' : `${flight.fuel_loaded} kg`,
            },
            ...(settings.planningWidgetsEnabled
              ? [{ label: 'Planning public', value: formatFlag(flight.is_public) }]
              : []),
          ]}
        />
        <Stack gap="md">
          <SummaryCard
            title="Statut"
            onEdit={() => dialog.open({ kind: 'status' })}
            isEditDisabled={isSealed}
            rows={[
              { label: 'Statut', value: <FlightStatusTag statusId={flight.flight_status_id} /> },
              { label: 'Décollage', value: flight.takeoff_time?.slice(0, 5) },
              { label: 'Atterrissage', value: flight.landing_time?.slice(0, 5) },
            ]}
          />
          {isRealized && (
            <SummaryCard
              title={FLIGHT_RECORD_MESSAGES.recordTitle}
              onEdit={() => dialog.open({ kind: 'record' })}
              isEditDisabled={isSealed}
              rows={[
                { label: 'Décollage', value: flight.takeoff_time?.slice(0, 5) },
                { label: 'Atterrissage', value: flight.landing_time?.slice(0, 5) },
                {
                  label: 'Température au décollage',
                  value: flight.takeoff_temperature === null ? '' : `${flight.takeoff_temperature} °C`,
                },
                {
                  label: 'Altitude maximale atteinte',
                  value: flight.flight_max_altitude === null ? '' : `${flight.flight_max_altitude} m`,
                },
                { label: "Lieu d'atterrissage", value: flight.landing_place ?? '' },
                {
                  label: 'Carburant embarqué',
                  value:
                    flight.fuel_loaded === null || flight.fuel_loaded === undefined ? '' : `${flight.fuel_loaded} kg`,
                },
                { label: 'Remarques', value: flight.remarks ?? '' },
                { label: 'Incidents', value: flight.incidents ?? '' },
              ]}
            />
          )}
          <FlightRecordsCard flightId={id} isRealized={isRealized} onChanged={changed} />
          <SummaryCard
            title="Notes"
            actions={
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => dialog.open({ kind: 'note', note: null })}
              >
                Ajouter
              </Button>
            }
          >
            <Stack gap="xs">
              {sortedNotes.map((note) => (
                <Group key={note.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
                    {note.is_pinned === 1 && <IconPin size={14} aria-label="Épinglée" />}
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {note.content}
                    </Text>
                  </Group>
                  <NoteActions onEdit={() => dialog.open({ kind: 'note', note })} onDelete={() => removeNote(note)} />
                </Group>
              ))}
              {notes.data?.length === 0 && (
                <Text size="sm" c="dimmed">
                  Aucune note.
                </Text>
              )}
            </Stack>
          </SummaryCard>
          <RegistrationRequestsCard of="flight" id={id} onDecided={changed} />
          <WeightChangesAlert flightId={id} onSeen={changed} />
        </Stack>
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" role="region" aria-label="Passagers du vol">
        <Group justify="space-between" mb="sm" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="md">
              Passagers
            </Title>
            <PassengerCounter count={flight.passengers_count} capacity={flight.balloon?.passengers} />
            <WeightTag weight={flight.total_weight} marketMass={flight.balloon?.market_mass} />
          </Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => dialog.open({ kind: 'add' })}
            disabled={!isEditable}
          >
            Ajouter des passagers
          </Button>
        </Group>
        <Stack gap="sm">
          {(bookings.data ?? []).map((booking) => (
            <Stack key={booking.id} gap={4}>
              <Group gap="xs">
                <Anchor component={Link} to={pathTo('single-booking', { bookingId: booking.id })} fw={700}>
                  {`Réservation ${booking.number}`}
                </Anchor>
                {booking.referent_passenger && (
                  <Text size="sm" c="dimmed">
                    {booking.referent_passenger.full_name}
                  </Text>
                )}
                <StatusTag
                  size="small"
                  color="disabled"
                >{`${booking.passengers.length} / ${booking.passengers_number}`}</StatusTag>
              </Group>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing={4} fz="sm" aria-label={`Passagers de la réservation ${booking.number}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Billet</Table.Th>
                      <Table.Th>Nom</Table.Th>
                      <Table.Th>Qualité</Table.Th>
                      <Table.Th ta="right">Âge</Table.Th>
                      <Table.Th ta="right">Poids</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {booking.passengers.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{p.ticket_number ?? '—'}</Table.Td>
                        <Table.Td>{p.full_name}</Table.Td>
                        <Table.Td>{typeLabel(p.passenger_type_id)}</Table.Td>
                        <Table.Td ta="right">{p.age ?? '—'}</Table.Td>
                        <Table.Td ta="right">{p.weight === null ? '—' : `${p.weight} kg`}</Table.Td>
                        <Table.Td>
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            <Tooltip label="Vols du passager">
                              <ActionIcon
                                variant="subtle"
                                size="sm"
                                aria-label={`Vols de ${p.full_name}`}
                                onClick={() => dialog.open({ kind: 'passenger-flights', passenger: p })}
                              >
                                <IconBalloon size={14} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Retirer du vol">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="sm"
                                aria-label={`Retirer ${p.full_name} du vol`}
                                onClick={() => unregister(p)}
                                disabled={!isEditable}
                              >
                                <IconUserMinus size={14} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          ))}
          {bookings.data?.length === 0 && <Text c="dimmed">Aucun passager inscrit sur ce vol.</Text>}
        </Stack>
      </Paper>

      {manifest.length > 0 && (
        <Paper withBorder p="md" radius="md" role="region" aria-label="Passagers au moment du report">
          <Title order={2} fz="md" mb="xs">
            Passagers au moment du report
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {`Reporté le ${formatDate(manifest[0]?.postponed_at.slice(0, 10))}${postponedBy}.`}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} fz="sm" aria-label="Liste des passagers au moment du report">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Réservation</Table.Th>
                  <Table.Th>Nom</Table.Th>
                  <Table.Th ta="right">Poids</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {manifest.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {p.booking ? (
                        <Anchor component={Link} to={pathTo('single-booking', { bookingId: p.booking.id })} size="sm">
                          {p.booking.number}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{p.full_name || '—'}</Table.Td>
                    <Table.Td ta="right">{p.weight === null ? '—' : `${p.weight} kg`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <FieldBoardingSection flightId={id} />
      <HistorySection endpoint={FLIGHTS_ENDPOINT} id={id} />

      {current?.kind === 'info' && (
        <FlightInfoDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
      {current?.kind === 'status' && (
        <FlightStatusDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          // The dialog closes and the flight is read again even when saving failed.
          onClose={() => {
            dialog.close();
            changed();
          }}
          onSaved={changed}
          onPostpone={() => dialog.open({ kind: 'postpone' })}
        />
      )}
      {current?.kind === 'record' && (
        <FlightRecordDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
      {current?.kind === 'postpone' && (
        <PostponeFlightDialog
          key={dialog.key}
          flight={flight}
          bookings={(bookings.data ?? []).length}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={(result) => {
            notifySuccess(postponementMessage(result));
            notifyWaitingMails(result, canAccess('settings', me) ? pathTo('settings-emails-global') : null);
            notifySkipped(result);
            changed();
          }}
        />
      )}
      {current?.kind === 'duplicate' && (
        <DuplicateFlightDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={(copy) => {
            changed();
            const copyId = (copy as { id?: number } | undefined)?.id;
            if (copyId) navigate(pathTo('single-flight', { flightId: copyId }));
          }}
        />
      )}
      {current?.kind === 'add' && (
        <AddPassengersDialog
          key={dialog.key}
          flight={flight}
          registeredIds={registeredIds}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
      {current?.kind === 'note' && (
        <FlightNoteDialog
          key={dialog.key}
          flightId={id}
          note={current.note}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
      {current?.kind === 'passenger-flights' && (
        <PassengerFlightsDialog
          key={dialog.key}
          passenger={current.passenger}
          currentFlightId={id}
          opened={dialog.opened}
          onClose={dialog.close}
        />
      )}
    </Stack>
  );
}
