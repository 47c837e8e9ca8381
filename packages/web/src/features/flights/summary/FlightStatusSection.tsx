import { FlightStatusTag, notifySuccess, SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { canAccess } from '../../../lib/guards';
import { pathTo } from '../../../lib/routes';
import { useDialog } from '../../../lib/use-dialog';
import { useMe } from '../../../session/store';
import {
  notifySkipped,
  notifyWaitingMails,
  PostponeFlightDialog,
  postponementMessage,
} from '../dialogs/PostponeFlightDialog';
import type { Flight } from '../flight-model';
import { useFlightBookings, useFlightChanged } from './flight-summary';

const FlightStatusDialog = lazyDialog(() =>
  import('../dialogs/FlightStatusDialog').then((module) => module.FlightStatusDialog),
);

/**
 * The flight's status and times. Choosing 'Reporté - météo' in the status dialog hands over to the postponement
 * dialog (issue 12), which says how many bookings it will move.
 */
export function FlightStatusSection({ flight, isSealed }: { flight: Flight; isSealed: boolean }) {
  const me = useMe();
  const bookings = useFlightBookings(flight.id);
  const changed = useFlightChanged();
  const dialog = useDialog<'status' | 'postpone'>();
  return (
    <>
      <SummaryCard
        title="Statut"
        onEdit={() => dialog.open('status')}
        isEditDisabled={isSealed}
        rows={[
          { label: 'Statut', value: <FlightStatusTag statusId={flight.flight_status_id} /> },
          { label: 'Décollage', value: flight.takeoff_time?.slice(0, 5) },
          { label: 'Atterrissage', value: flight.landing_time?.slice(0, 5) },
        ]}
      />
      {dialog.value === 'status' && (
        <FlightStatusDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          // The dialog closes and the flight is read again even when saving failed.
          onClose={() => {
            dialog.close();
            changed();
          }}
          onSaved={changed}
          onPostpone={() => dialog.open('postpone')}
        />
      )}
      {dialog.value === 'postpone' && (
        <PostponeFlightDialog
          key={dialog.key}
          flight={flight}
          bookings={(bookings.data ?? []).length}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={(result) => {
            notifySuccess(postponementMessage(result));
            notifyWaitingMails(result, canAccess('settings', me) ? pathTo('settings-emails-global') : null);
            notifySkipped(result);
            changed();
          }}
        />
      )}
    </>
  );
}
