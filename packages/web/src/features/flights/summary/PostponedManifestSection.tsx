import { MESSAGES, type PostponedPassenger } from '@app/domain';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { formatDate } from '../../../lib/format';
import { pathTo } from '../../../lib/routes';

/** Issue 12: a weather-postponed flight keeps the manifest it had, as history (its passengers were unregistered). */
export function PostponedManifestSection({ flightId }: { flightId: number }) {
  const postponed = useApiQuery(
    resource('flight-postponements').list<PostponedPassenger>({
      filters: [{ field: 'flight_id', op: '=', value: String(flightId) }],
      embed: ['booking'],
    }),
    { failure: MESSAGES.passengersLoadFailed },
  );
  const manifest = postponed.data ?? [];
  if (manifest.length === 0) return null;
  const postponedBy = manifest[0]?.user_name ? ` par ${manifest[0].user_name}` : '';
  return (
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
  );
}
