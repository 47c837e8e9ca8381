import { Outlet, useParams } from 'react-router';
import { SubNavigation } from '../../app/layout/SubNavigation';
import { pathTo } from '../../app/routes';

/** single-booking: its children summary, passengers and tickets. */
export default function BookingPage() {
  const bookingId = useParams().bookingId ?? '';
  return (
    <>
      <SubNavigation
        label="Sections de la réservation"
        links={[
          { label: 'Résumé', to: pathTo('single-booking-summary', { bookingId }) },
          { label: 'Passagers', to: pathTo('single-booking-passengers', { bookingId }) },
          { label: 'Billets', to: pathTo('single-booking-tickets', { bookingId }) },
        ]}
      />
      <Outlet />
    </>
  );
}
