import { FLIGHT_STATUSES, MESSAGES } from '@app/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { StatusTag, SummaryCard, statusIcon } from '../../../components';
import { formatDate, formatTime } from '../../../lib/format';
import { pathTo } from '../../../lib/routes';
import type { Booking, FlightSummary, PassengerWithFlights } from '../booking-model';
import { EmptyLine } from './booking-summary';

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
  const result = useApiQuery(
    resource('passengers').one<PassengerWithFlights>(passengerId, {
      embed: ['next_flights.location', 'realized_flights.location'],
    }),
    { failure: MESSAGES.passengersLoadFailed },
  );
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
/** The referent passenger's flights, or the way to the passengers while the booking has no referent yet. */
export function ReferentFlightsSection({ booking }: { booking: Booking }) {
  const referent = booking.referent_passenger;
  return (
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
          <Anchor component={Link} to={pathTo('single-booking-passengers', { bookingId: booking.id })} size="sm">
            <Group gap={4} component="span">
              Passagers
              <IconExternalLink size={12} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      )}
    </SummaryCard>
  );
}
