import { flightPath } from '@app/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { pathTo } from '../../lib/routes';

// Issue 28: 'Poids modifié après inscription'. A passenger changed their weight in their booking's space after
// being registered on this flight: the pilot's mass plan changed. Listed until staff mark it seen ('Vu').

export type WeightChange = {
  id: number;
  passenger_id: number;
  full_name: string;
  booking_id: number;
  booking_number: string;
  previous_weight: number | null;
  weight: number | null;
  changed_at: string | null;
};

const kg = (value: number | null) => (value === null ? '—' : `${String(value).replace('.', ',')} kg`);

export function WeightChangesAlert({ flightId, onSeen }: { flightId: number; onSeen?: () => void }) {
  const path = `${flightPath(flightId)}/weight-changes`;
  // A reminder, not a section: nothing shows while no weight changed, nor when the read fails.
  const changes = useApiQuery(getRead<WeightChange[]>('flights', path, ['weight-changes', flightId]), {
    failure: null,
  });
  const seen = useApiMutation({
    write: () => api.post(`${path}/seen`),
    invalidates: ['flights'],
    failure: "Le changement n'a pas pu être marqué vu",
    onSuccess: () => onSeen?.(),
  });
  if (!changes.data || changes.data.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconScale size={18} aria-hidden />}
      title="Poids modifié après inscription"
      role="region"
      aria-label="Poids modifié après inscription"
    >
      <Stack gap={6}>
        <Text size="sm">Refaites le calcul de masse : ces passagers ont changé leur poids dans leur espace.</Text>
        {changes.data.map((change) => (
          <Text key={change.id} size="sm">
            {change.full_name || 'Passager'} (
            <Anchor component={Link} to={pathTo('single-booking', { bookingId: change.booking_id })} size="sm">
              {change.booking_number}
            </Anchor>
            ) : {kg(change.previous_weight)} → {kg(change.weight)}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            onClick={() => seen.mutate()}
            loading={seen.isPending}
          >
            Vu, plan mis à jour
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
