import { LIST_LOAD_FAILED_MESSAGES, MESSAGES } from '@app/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBalloon, IconPlus, IconUserMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { api } from '../../../api/client';
import { useApiQuery } from '../../../api/hooks';
import { apiRead, resource } from '../../../api/reads';
import { confirmDelete, PassengerCounter, StatusTag, WeightTag } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { pathTo } from '../../../lib/routes';
import { useDialog } from '../../../lib/use-dialog';
import { PassengerFlightsDialog } from '../../bookings';
import type { Flight } from '../flight-model';
import { useFlightBookings, useFlightChanged } from './flight-summary';

const AddPassengersDialog = lazyDialog(() =>
  import('../dialogs/AddPassengersDialog').then((module) => module.AddPassengersDialog),
);

type Dialog = { kind: 'add' } | { kind: 'passenger-flights'; passenger: { id: number; full_name: string } };

/**
 * The flight's passengers grouped by booking, with the passenger counter and the weight; passengers are added
 * and removed while the flight may still change.
 */
export function FlightPassengersSection({ flight, isEditable }: { flight: Flight; isEditable: boolean }) {
  const id = flight.id;
  const bookings = useFlightBookings(id);
  const changed = useFlightChanged();
  const dialog = useDialog<Dialog>();
  const passengerTypes = resource('passenger-types');
  // Read with the key the passenger-type select fields use, so either opens on the other's answer.
  const types = useApiQuery(
    apiRead<{ id: number; label: string }[]>('passenger-types', ['options', 'label', null], (signal) =>
      api.list(passengerTypes.path, { order: [{ field: 'label', direction: 'ASC' }] }, signal),
    ),
    { failure: LIST_LOAD_FAILED_MESSAGES.passengerTypes },
  );
  const typeLabel = (typeId: number | null) => types.data?.find((t) => t.id === typeId)?.label ?? '—';
  const unregister = async (passenger: { full_name: string; registration_id: number }) => {
    const isDeleted = await confirmDelete({
      message: `${passenger.full_name} sera retiré de ce vol.`,
      onConfirm: () => resource('registrations').remove(passenger.registration_id),
      failureMessage: MESSAGES.deleteFailed,
      successMessage: 'Passager retiré du vol',
    });
    if (isDeleted) changed();
  };
  const registeredIds = (bookings.data ?? []).flatMap((b) => b.passengers.map((p) => p.id));
  const current = dialog.value;
  return (
    <>
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
      {current?.kind === 'passenger-flights' && (
        <PassengerFlightsDialog
          key={dialog.key}
          passenger={current.passenger}
          currentFlightId={id}
          opened={dialog.opened}
          onClose={dialog.close}
        />
      )}
    </>
  );
}
