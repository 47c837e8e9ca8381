import { FLIGHT_STATUSES, MESSAGES } from '@app/domain';
import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { StatusTag, statusIcon } from '../../../components';
import { formatDate, formatTime } from '../../../lib/format';
import { pathTo } from '../../../lib/routes';
import type { Passenger } from '../booking-model';

/** Passenger flight list: date, time and status of each flight, each linked to its flight. */
export function PassengerFlightsDialog({
  passenger,
  currentFlightId,
  opened,
  onClose,
}: {
  passenger: Pick<Passenger, 'id' | 'full_name'>;
  /** On a flight's page, that flight is listed without a link. */
  currentFlightId?: number;
  opened: boolean;
  onClose: () => void;
}) {
  const result = useApiQuery(
    resource('passengers').one<Passenger>(passenger.id, { embed: ['flights.flight_status', 'flights.location'] }),
    { failure: MESSAGES.passengersLoadFailed, enabled: opened },
  );
  const flights = result.data?.flights ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Vols de ${passenger.full_name}`}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="xs">
        {flights.map((flight) => {
          const status = Object.values(FLIGHT_STATUSES).find((s) => s.id === flight.flight_status_id);
          return (
            <Group key={flight.id} justify="space-between" gap="xs">
              {flight.id === currentFlightId ? (
                <Text
                  fw={600}
                >{`${formatDate(flight.scheduled_date)} à ${formatTime(flight.scheduled_time)} (ce vol)`}</Text>
              ) : (
                <Anchor component={Link} to={pathTo('single-flight', { flightId: flight.id })} onClick={onClose}>
                  {`${formatDate(flight.scheduled_date)} à ${formatTime(flight.scheduled_time)}`}
                </Anchor>
              )}
              {flight.location && (
                <Text size="sm" c="dimmed">
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
        })}
        {result.isSuccess && flights.length === 0 && <Text c="dimmed">{MESSAGES.noData}</Text>}
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
      </Stack>
    </Modal>
  );
}
