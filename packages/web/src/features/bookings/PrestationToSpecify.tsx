import { StatusTag } from '../../components';
import type { Booking } from './booking-model';

// Issue 27: a paid order from the shop or a partner file whose product matched no prestation is imported with none
// and flagged by the server (bookings.prestation_to_specify, computed: gone once a prestation is chosen). The lists
// and the booking page say so where the prestation would be.

type Flagged = Pick<Booking, 'prestation_to_specify'>;

/** 'Prestation à préciser' on an imported booking with no prestation; nothing otherwise. */
export function PrestationToSpecifyTag({ booking, size = 'small' }: { booking: Flagged; size?: 'small' | 'medium' }) {
  if (booking.prestation_to_specify !== 1) return null;
  return (
    // Never cut to 'Prestation à …' in a narrow list column: the tag keeps its whole text.
    <StatusTag size={size} color="warning" miw="max-content">
      Prestation à préciser
    </StatusTag>
  );
}

/** The booking's prestation, or the tag when it is to be specified; null when neither (shown as empty). */
export function bookingPrestation(booking: Flagged & Pick<Booking, 'prestation'>, size?: 'small' | 'medium') {
  if (booking.prestation?.label) return booking.prestation.label;
  return booking.prestation_to_specify === 1 ? <PrestationToSpecifyTag booking={booking} size={size} /> : null;
}
