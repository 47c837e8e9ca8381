import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

// The office's flight page (issue 31): what the crew recorded on the launch field, check-in and briefing passenger
// by passenger and the takeoff place, once the device has sent it. Nothing is shown before the field wrote anything.

type FieldBoarding = {
  takeoff_place: string | null;
  passengers: { passenger_id: number; full_name: string; is_present: 0 | 1 | null; is_briefed: 0 | 1 }[];
};

const presence = (value: 0 | 1 | null) => (value === 1 ? 'Présent' : value === 0 ? 'Absent' : 'Non pointé');

export function FieldBoardingSection({ flightId }: { flightId: number }) {
  const { data } = useQuery({
    queryKey: ['flights', flightId, 'field-boarding'],
    queryFn: ({ signal }) => api.get<FieldBoarding>(`/api/flights/${flightId}/field-boarding`, undefined, signal),
  });
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
