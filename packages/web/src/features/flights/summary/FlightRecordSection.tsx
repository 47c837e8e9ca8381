import { FLIGHT_RECORD_MESSAGES } from '@app/domain';
import { SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { useDialog } from '../../../lib/use-dialog';
import type { Flight } from '../flight-model';
import { useFlightChanged } from './flight-summary';

const FlightRecordDialog = lazyDialog(() =>
  import('../dialogs/FlightRecordDialog').then((module) => module.FlightRecordDialog),
);

/** A realized flight's record (issue 27), completed after landing until the flight record is sealed. */
export function FlightRecordSection({ flight, isSealed }: { flight: Flight; isSealed: boolean }) {
  const changed = useFlightChanged();
  const dialog = useDialog<'record'>();
  return (
    <>
      <SummaryCard
        title={FLIGHT_RECORD_MESSAGES.recordTitle}
        onEdit={() => dialog.open('record')}
        isEditDisabled={isSealed}
        rows={[
          { label: 'Décollage', value: flight.takeoff_time?.slice(0, 5) },
          { label: 'Atterrissage', value: flight.landing_time?.slice(0, 5) },
          {
            label: 'Température au décollage',
            value: flight.takeoff_temperature === null ? '' : `${flight.takeoff_temperature} °C`,
          },
          {
            label: 'Altitude maximale atteinte',
            value: flight.flight_max_altitude === null ? '' : `${flight.flight_max_altitude} m`,
          },
          { label: "Lieu d'atterrissage", value: flight.landing_place ?? '' },
          {
            label: 'Carburant embarqué',
            value: flight.fuel_loaded === null || flight.fuel_loaded === undefined ? '' : `${flight.fuel_loaded} kg`,
          },
          { label: 'Remarques', value: flight.remarks ?? '' },
          { label: 'Incidents', value: flight.incidents ?? '' },
        ]}
      />
      {dialog.value === 'record' && (
        <FlightRecordDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
    </>
  );
}
