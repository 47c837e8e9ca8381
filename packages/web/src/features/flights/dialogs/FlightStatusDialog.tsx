import {
  FLIGHT_STATUSES,
  isBeforeSchedule,
  LIST_LOAD_FAILED_MESSAGES,
  MESSAGES,
  realizedEarlyWarning,
} from '@app/domain';
import { Alert, Radio, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { flightReads } from '../../../api/endpoints/flights';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { FlagSwitch, FlightStatusTag, FormModal } from '../../../components';
import { type Flight, withSeconds } from '../flight-model';
import type { DialogProps } from './flight-form';
import { WhenInputs } from './WhenInputs';

/**
 * Flight status: any status; realized asks for the takeoff and landing times and the confirmation
 * 'Tous les passagers ont-ils volé ?' before Valider; the dialog closes and refreshes even when saving fails.
 */
export function FlightStatusDialog({
  flight,
  opened,
  onClose,
  onSaved,
  onPostpone,
}: DialogProps & {
  flight: Flight;
  /** Issue 12: choosing 'Reporté - météo' hands over to the postponement dialog (summary, mail switch). */
  onPostpone?: () => void;
}) {
  const [statusId, setStatusId] = useState(String(flight.flight_status_id));
  const [takeoff, setTakeoff] = useState((flight.takeoff_time ?? '').slice(0, 5));
  const [landing, setLanding] = useState((flight.landing_time ?? '').slice(0, 5));
  const [haveAllFlown, setAllFlown] = useState<0 | 1>(0);
  const statuses = useApiQuery(flightReads.statuses, {
    failure: LIST_LOAD_FAILED_MESSAGES.flightStatuses,
    enabled: opened,
  });
  const isRealized = Number(statusId) === FLIGHT_STATUSES.realized.id;
  // Issue 27: realizing a flight before its time is allowed (recorded late, a clock a little off) but said.
  const isEarly = isRealized && isBeforeSchedule(flight.scheduled_date, flight.scheduled_time);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Statut du vol"
      size="md"
      isClosedOnFailure
      failureMessage={(error) =>
        error instanceof ApiError && error.status === 404 ? MESSAGES.statusEditUnavailable : MESSAGES.statusUpdateFailed
      }
      canSubmit={!isRealized || haveAllFlown === 1}
      onSubmit={() =>
        resource('flights').update(flight.id, {
          flight_status_id: Number(statusId),
          ...(isRealized ? { takeoff_time: withSeconds(takeoff), landing_time: withSeconds(landing) } : {}),
        })
      }
      // Refreshed whatever the outcome.
      onSaved={onSaved}
    >
      <Radio.Group
        name="flight_status_id"
        label="Statut"
        required
        value={statusId}
        onChange={(value) => {
          const isPostponing =
            Number(value) === FLIGHT_STATUSES.weatherPostponed.id &&
            flight.flight_status_id !== FLIGHT_STATUSES.weatherPostponed.id;
          if (isPostponing && onPostpone) onPostpone();
          else setStatusId(value);
        }}
      >
        <Stack gap="xs" mt="xs">
          {(statuses.data ?? []).map((status) => (
            <Radio key={status.id} value={String(status.id)} label={<FlightStatusTag statusId={status.id} />} />
          ))}
        </Stack>
      </Radio.Group>
      {isRealized && (
        <>
          <WhenInputs
            inputs={[
              { name: 'takeoff_time', label: 'Heure de décollage', type: 'time', value: takeoff, onChange: setTakeoff },
              {
                name: 'landing_time',
                label: "Heure d'atterrissage",
                type: 'time',
                value: landing,
                onChange: setLanding,
              },
            ]}
          />
          <FlagSwitch label={MESSAGES.allPassengersFlown} value={haveAllFlown} onChange={setAllFlown} color="success" />
          {isEarly && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs" role="alert">
              {realizedEarlyWarning(flight.scheduled_date, flight.scheduled_time)}
            </Alert>
          )}
        </>
      )}
    </FormModal>
  );
}
