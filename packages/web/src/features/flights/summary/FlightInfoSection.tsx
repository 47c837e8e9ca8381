import { SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { formatFlag } from '../../../components/ReferenceData';
import { formatDate } from '../../../lib/format';
import { useDialog } from '../../../lib/use-dialog';
import { useMe } from '../../../session/store';
import type { Flight } from '../flight-model';
import { useFlightChanged } from './flight-summary';

const FlightInfoDialog = lazyDialog(() =>
  import('../dialogs/FlightInfoDialog').then((module) => module.FlightInfoDialog),
);

/** The flight's general information, edited in its dialog while the flight may still change. */
export function FlightInfoSection({ flight, isEditable }: { flight: Flight; isEditable: boolean }) {
  const { settings } = useMe();
  const changed = useFlightChanged();
  const dialog = useDialog<'info'>();
  return (
    <>
      <SummaryCard
        title="Informations générales"
        onEdit={() => dialog.open('info')}
        isEditDisabled={!isEditable}
        rows={[
          { label: 'Date', value: formatDate(flight.scheduled_date) },
          { label: 'Heure', value: flight.scheduled_time.slice(0, 5) },
          { label: 'Lieu de vol', value: flight.location?.label },
          { label: 'Prestation', value: flight.prestation?.label },
          { label: 'Type de vol', value: flight.flight_type?.label },
          { label: 'Ballon', value: flight.balloon?.label },
          { label: 'Pilote', value: flight.pilot?.full_name },
          { label: 'Équipiers', value: (flight.teammates ?? []).map((t) => t.full_name).join(', ') },
          {
            label: 'Altitude maximale',
            value: flight.flight_max_altitude === null ? '' : `${flight.flight_max_altitude} m`,
          },
          {
            label: 'Température au décollage',
            value: flight.takeoff_temperature === null ? '' : `${flight.takeoff_temperature} °C`,
          },
          {
            label: 'Carburant embarqué',
            value: flight.fuel_loaded === null || flight.fuel_loaded === undefined ? '' : `${flight.fuel_loaded} kg`,
          },
          ...(settings.planningWidgetsEnabled
            ? [{ label: 'Planning public', value: formatFlag(flight.is_public) }]
            : []),
        ]}
      />
      {dialog.value === 'info' && (
        <FlightInfoDialog
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
