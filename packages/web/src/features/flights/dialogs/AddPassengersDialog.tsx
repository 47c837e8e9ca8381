import { MESSAGES } from '@app/domain';
import { Alert, Checkbox, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { flightReads } from '../../../api/endpoints/flights';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { BookingStatusTag, FlagSwitch, FormModal } from '../../../components';
import { useSearchText } from '../../../lib/debounce';
import type { Flight } from '../flight-model';

// Add passengers to a flight: search by name, ticket number, booking number or phone (3 characters),
// or, before searching, the pending bookings asking for the flight's date; select whole bookings or single
// passengers; one POST /api/registrations per passenger. Beyond the balloon's seats the user must confirm
// the overload, which the server needs as `force` (issue "Harden the API").

// What the dialog offers, read from the pending bookings or from the search (the domain's PassengerSearchResult).
type OfferedPassenger = {
  id: number;
  full_name: string;
  ticket_number: string | null;
  weight: number | null;
  is_registered?: boolean;
};
type OfferedBooking = {
  id: number;
  number: string;
  number_alt: string | null;
  passengers_number: number;
  /** In the search's answer (open bookings first, then closed ones); the pending list's are all pending. */
  booking_status?: { id: number; slug: string };
  referent_passenger: { full_name: string } | null;
  passengers: OfferedPassenger[];
  linked_bookings?: OfferedBooking[];
};

function BookingChoice({
  booking,
  registered,
  selected,
  onToggle,
  isLinked = false,
}: {
  booking: OfferedBooking;
  registered: Set<number>;
  selected: Set<number>;
  onToggle: (ids: number[], isOn: boolean) => void;
  isLinked?: boolean;
}) {
  const free = booking.passengers.filter((p) => !p.is_registered && !registered.has(p.id));
  const chosen = free.filter((p) => selected.has(p.id)).length;
  return (
    <Paper withBorder p="xs" radius="md" ml={isLinked ? 'lg' : 0} bg={isLinked ? 'gray.0' : undefined}>
      <Checkbox
        label={
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={700}>
              {`${isLinked ? 'Liée : ' : ''}${booking.number}${booking.number_alt ? ` (${booking.number_alt})` : ''} · ${
                booking.referent_passenger?.full_name ?? 'sans référent'
              } · ${booking.passengers.length} passager${booking.passengers.length > 1 ? 's' : ''}`}
            </Text>
            {/* A search also finds completed, canceled or expired bookings: say so before anyone is registered. */}
            {booking.booking_status && booking.booking_status.slug !== 'pending' && (
              <BookingStatusTag statusId={booking.booking_status.id} />
            )}
          </Group>
        }
        checked={free.length > 0 && chosen === free.length}
        indeterminate={chosen > 0 && chosen < free.length}
        disabled={free.length === 0}
        onChange={(event) =>
          onToggle(
            free.map((p) => p.id),
            event.currentTarget.checked,
          )
        }
        aria-label={`Toute la réservation ${booking.number}`}
      />
      <Stack gap={4} mt={6} ml="lg">
        {booking.passengers.map((p) => {
          const isRegistered = p.is_registered || registered.has(p.id);
          return (
            <Checkbox
              key={p.id}
              size="xs"
              label={`${p.full_name}${p.ticket_number ? ` · ${p.ticket_number}` : ''}${p.weight ? ` · ${p.weight} kg` : ''}${isRegistered ? ' (déjà sur ce vol)' : ''}`}
              checked={isRegistered || selected.has(p.id)}
              disabled={isRegistered}
              onChange={(event) => onToggle([p.id], event.currentTarget.checked)}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}

export function AddPassengersDialog({
  flight,
  registeredIds,
  opened,
  onClose,
  onSaved,
}: {
  flight: Flight;
  registeredIds: number[];
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [text, setText] = useState('');
  const search = useSearchText(text);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [isOverloadConfirmed, setOverloadConfirmed] = useState<0 | 1>(0);
  const registered = new Set(registeredIds);

  const pending = useApiQuery(
    resource('bookings').list<OfferedBooking>({
      filters: [
        { field: 'booking_status.slug', op: '=', value: 'pending' },
        { field: 'requested_dates.date', op: '=', value: flight.scheduled_date },
      ],
      embed: ['referent_passenger', 'passengers'],
      has: ['passengers'],
    }),
    { failure: MESSAGES.pendingBookingsLoadFailed, enabled: opened },
  );
  const found = useApiQuery(flightReads.passengerSearch(flight.id, search), {
    failure: MESSAGES.searchFailed,
    enabled: opened && search !== '',
  });

  const toggle = (ids: number[], isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) isOn ? next.add(id) : next.delete(id);
      return next;
    });
  const bookings: OfferedBooking[] = search ? (found.data ?? []) : (pending.data ?? []);
  const capacity = flight.balloon?.passengers ?? null;
  const after = flight.passengers_count + selected.size;
  const isOverloaded = capacity !== null && after > capacity;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Ajouter des passagers"
      size="xl"
      successMessage={MESSAGES.passengerAdded}
      failureMessage={MESSAGES.passengerAddFailed}
      canSubmit={selected.size > 0 && (!isOverloaded || isOverloadConfirmed === 1)}
      onSubmit={async () => {
        for (const passengerId of selected) {
          await resource('registrations').create({
            flight_id: flight.id,
            passenger_id: passengerId,
            ...(isOverloaded ? { force: 1 } : {}),
          });
        }
      }}
      onSaved={onSaved}
    >
      <TextInput
        label="Rechercher"
        description="Nom, numéro de billet, numéro de réservation ou téléphone (3 caractères au moins)"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      <Text size="sm" c="dimmed">
        {search
          ? 'Résultats de la recherche'
          : `Réservations en attente pour le ${flight.scheduled_date.split('-').reverse().join('/')}`}
      </Text>
      <ScrollArea.Autosize mah={380}>
        <Stack gap="xs">
          {bookings.map((booking) => (
            <Stack key={booking.id} gap={4}>
              <BookingChoice booking={booking} registered={registered} selected={selected} onToggle={toggle} />
              {(booking.linked_bookings ?? []).map((linked) => (
                <BookingChoice
                  key={linked.id}
                  booking={linked}
                  registered={registered}
                  selected={selected}
                  onToggle={toggle}
                  isLinked
                />
              ))}
            </Stack>
          ))}
          {search !== '' && found.isSuccess && bookings.length === 0 && <Text c="dimmed">{MESSAGES.noResult}</Text>}
          {search === '' && pending.isSuccess && bookings.length === 0 && (
            <Text c="dimmed">Aucune réservation en attente pour ce jour : recherchez un passager.</Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="space-between">
        <Text size="sm">{`${selected.size} passager${selected.size > 1 ? 's' : ''} sélectionné${selected.size > 1 ? 's' : ''}`}</Text>
        {capacity !== null && (
          <Text size="sm" c={isOverloaded ? 'red' : 'dimmed'}>{`${after} / ${capacity} places`}</Text>
        )}
      </Group>
      {isOverloaded && (
        <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} title="Ballon en surcharge">
          <Stack gap="xs">
            <Text size="sm">{`Ce vol aurait ${after} passagers pour ${capacity} places.`}</Text>
            <FlagSwitch
              label="Je confirme la surcharge"
              value={isOverloadConfirmed}
              onChange={setOverloadConfirmed}
              color="danger"
            />
          </Stack>
        </Alert>
      )}
    </FormModal>
  );
}
