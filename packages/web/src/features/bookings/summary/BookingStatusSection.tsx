import { BookingStatusTag, SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { useDialog } from '../../../lib/use-dialog';
import type { Booking } from '../booking-model';
import { useBookingSaved } from './booking-summary';

const BookingStatusDialog = lazyDialog(() =>
  import('../dialogs/BookingStatusDialog').then((module) => module.BookingStatusDialog),
);

/** The booking's status, which stays editable on a closed booking. */
export function BookingStatusSection({ booking }: { booking: Booking }) {
  const saved = useBookingSaved();
  const dialog = useDialog<'status'>();
  return (
    <>
      <SummaryCard title="Statut" onEdit={() => dialog.open('status')}>
        <BookingStatusTag statusId={booking.booking_status_id} />
      </SummaryCard>
      {dialog.value === 'status' && (
        <BookingStatusDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved('bookings')}
        />
      )}
    </>
  );
}
