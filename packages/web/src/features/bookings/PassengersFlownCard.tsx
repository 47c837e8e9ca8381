import { MESSAGES } from '@app/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCheck, IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { StatusTag, SummaryCard } from '../../components';
import { formatDate } from '../../lib/format';
import { pathTo } from '../../lib/routes';
import type { PassengerWithFlights } from './booking-model';

// Issue 27: who of the booking has flown and who still has to. A passenger has flown once registered on a
// realized flight; a booking stays open until all its passengers (as many as booked) have flown, then the
// realization of the last flight completes it (server services/flight-realization.ts).

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export function PassengersFlownCard({ bookingId, passengersNumber }: { bookingId: number; passengersNumber: number }) {
  const passengers = useApiQuery(
    resource('passengers').list<PassengerWithFlights>({
      filters: [{ field: 'booking_id', op: '=', value: String(bookingId) }],
      embed: ['realized_flights', 'next_flights'],
    }),
    { failure: MESSAGES.passengersLoadFailed },
  );
  const rows = passengers.data ?? [];
  const flown = rows.filter((p) => (p.realized_flights ?? []).length > 0).length;
  const missing = Math.max(0, passengersNumber - rows.length);
  return (
    <SummaryCard title="Vols des passagers">
      {passengers.data && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {flown === 0
              ? 'Aucun passager n’a encore volé.'
              : `${flown} passager${flown > 1 ? 's' : ''} sur ${passengersNumber} ${flown > 1 ? 'ont' : 'a'} volé.`}
          </Text>
          {rows.map((p) => {
            const last = (p.realized_flights ?? []).at(-1);
            const next = (p.next_flights ?? [])[0];
            return (
              <Group key={p.id} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {p.full_name || 'Passager sans nom'}
                </Text>
                {last ? (
                  <Anchor component={Link} to={pathTo('single-flight', { flightId: last.id })} underline="never">
                    <StatusTag size="small" color="success" icon={IconCheck}>
                      {`A volé le ${formatDate(last.scheduled_date)}`}
                    </StatusTag>
                  </Anchor>
                ) : next ? (
                  <Anchor component={Link} to={pathTo('single-flight', { flightId: next.id })} underline="never">
                    <StatusTag size="small" color="primary" icon={IconCalendar}>
                      {`Doit voler le ${formatDate(next.scheduled_date)}`}
                    </StatusTag>
                  </Anchor>
                ) : (
                  <StatusTag size="small" color="warning" icon={IconClock}>
                    Doit encore voler
                  </StatusTag>
                )}
              </Group>
            );
          })}
          {missing > 0 && (
            <Text size="sm" c="dimmed">
              {`${plural(missing, 'passager')} pas encore ${missing > 1 ? 'saisis' : 'saisi'} : ${missing > 1 ? 'ils doivent' : 'il doit'} encore voler.`}
            </Text>
          )}
        </Stack>
      )}
      {passengers.isLoading && (
        <Text size="sm" c="dimmed">
          Chargement...
        </Text>
      )}
    </SummaryCard>
  );
}
