import { flightPath, MESSAGES } from '@app/domain';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ApiError, api } from '../../../api/client';
import { FlagSwitch, FormModal } from '../../../components';
import { type Flight, withSeconds } from '../flight-model';
import type { DialogProps } from './flight-form';
import { WhenInputs } from './WhenInputs';

/** Duplicate flight: date, time and what to bring along; 'Vol dupliqué'. */
export function DuplicateFlightDialog({
  flight,
  opened,
  onClose,
  onSaved,
}: DialogProps & { flight: Pick<Flight, 'id' | 'scheduled_date' | 'scheduled_time'> }) {
  const [date, setDate] = useState(flight.scheduled_date);
  const [time, setTime] = useState(flight.scheduled_time.slice(0, 5));
  const [options, setOptions] = useState({
    with_teammates: 1 as 0 | 1,
    with_passengers: 0 as 0 | 1,
    with_notes: 0 as 0 | 1,
  });
  const toggle = (name: keyof typeof options) => (value: 0 | 1) =>
    setOptions((current) => ({ ...current, [name]: value }));
  return (
    <FormModal<Flight>
      opened={opened}
      onClose={onClose}
      title="Dupliquer le vol"
      size="md"
      successMessage={MESSAGES.flightDuplicated}
      failureMessage={(error) =>
        error instanceof ApiError && error.status === 404
          ? MESSAGES.flightDuplicateUnavailable
          : MESSAGES.flightDuplicateFailed
      }
      onSubmit={() =>
        api.post<Flight>(`${flightPath(flight.id)}/duplicate`, {
          scheduled_date: date,
          scheduled_time: withSeconds(time),
          ...options,
        })
      }
      onSaved={onSaved}
    >
      <WhenInputs
        inputs={[
          { name: 'scheduled_date', label: 'Date', type: 'date', value: date, onChange: setDate },
          { name: 'scheduled_time', label: 'Heure', type: 'time', value: time, onChange: setTime },
        ]}
      />
      <Stack gap="xs">
        <FlagSwitch
          label="Réaffecter les équipiers"
          value={options.with_teammates}
          onChange={toggle('with_teammates')}
        />
        <FlagSwitch
          label="Dupliquer les inscriptions des passagers"
          value={options.with_passengers}
          onChange={toggle('with_passengers')}
        />
        <FlagSwitch label="Dupliquer les notes" value={options.with_notes} onChange={toggle('with_notes')} />
      </Stack>
    </FormModal>
  );
}
