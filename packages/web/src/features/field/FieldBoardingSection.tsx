import { type FieldBoarding, flightFieldBoardingPath } from '@app/domain';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useApiQuery } from '../../api/hooks';
import { getRead } from '../../api/reads';

// The office's flight page (issue 31): what the crew recorded on the launch field, check-in and briefing passenger
// by passenger and the takeoff place, once the device has sent it. Nothing is shown before the field wrote anything.

const presence = (value: 0 | 1 | null) => (value === 1 ? 'Présent' : value === 0 ? 'Absent' : 'Non pointé');

export function FieldBoardingSection({ flightId }: { flightId: number }) {
  // An extra of the flight page: when it cannot be read, the page goes without it (no notice).
  const { data } = useApiQuery(
    getRead<FieldBoarding>('flights', flightFieldBoardingPath(flightId), [flightId, 'field-boarding']),
    { failure: null },
  );
  const hasRecord =
    !!data && (data.takeoff_place !== null || data.passengers.some((p) => p.is_present !== null || p.is_briefed === 1));
  if (!hasRecord) return null;
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Embarquement sur le terrain">
      <Title order={2} size="h4" mb="xs">
        Embarquement sur le terrain
      </Title>
      {data.takeoff_place && (
        <Text size="sm" mb="xs">
          Lieu de décollage : {data.takeoff_place}
        </Text>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4} fz="sm" aria-label="Présence et briefing des passagers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Passager</Table.Th>
              <Table.Th>Présence</Table.Th>
              <Table.Th>Briefing</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.passengers.map((p) => (
              <Table.Tr key={p.passenger_id}>
                <Table.Td>{p.full_name || '—'}</Table.Td>
                <Table.Td>{presence(p.is_present)}</Table.Td>
                <Table.Td>{p.is_briefed === 1 ? 'Donné' : 'Non donné'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
