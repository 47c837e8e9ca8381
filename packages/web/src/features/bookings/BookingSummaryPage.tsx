import { BOOKINGS_PATH } from '@app/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { HistorySection } from '../history';
import { RegistrationRequestsCard } from '../registration-requests';
import { BookingEmails } from './BookingEmails';
import { useBooking } from './BookingPage';
import { BookingSpaceCard } from './BookingSpace';
import { ValidityCard } from './BookingValidity';
import { PassengersFlownCard } from './PassengersFlownCard';
import { BillingSection } from './summary/BillingSection';
import { BookingInfoSection } from './summary/BookingInfoSection';
import { BookingNotesSection } from './summary/BookingNotesSection';
import { BookingStatusSection } from './summary/BookingStatusSection';
import { useBookingSaved } from './summary/booking-summary';
import { CustomerSection } from './summary/CustomerSection';
import { LinkedBookingsSection } from './summary/LinkedBookingsSection';
import { ReferentFlightsSection } from './summary/ReferentFlightsSection';
import { RequestedDatesSection } from './summary/RequestedDatesSection';

// single-booking summary: one section per part of the booking, each reading what it shows and owning its dialog.
// A closed booking (completed, canceled or expired) is read-only here except its status and its notes; the server
// refuses the rest anyway.

export default function BookingSummaryPage() {
  const { booking, isEditable } = useBooking();
  const saved = useBookingSaved();
  const id = booking.id;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <BookingInfoSection booking={booking} isEditable={isEditable} />
        <BillingSection booking={booking} isEditable={isEditable} />
        <Stack gap="md">
          <BookingStatusSection booking={booking} />
          <CustomerSection booking={booking} isEditable={isEditable} />
        </Stack>
        <ValidityCard booking={booking} />
        <PassengersFlownCard bookingId={id} passengersNumber={booking.passengers_number} />
        <RequestedDatesSection booking={booking} isEditable={isEditable} />
        <BookingNotesSection booking={booking} />
        <LinkedBookingsSection booking={booking} isEditable={isEditable} />
        <BookingEmails bookingId={id} />
        <BookingSpaceCard booking={booking} isEditable={isEditable} />
        <RegistrationRequestsCard of="booking" id={id} onDecided={saved('passengers')} />
        <ReferentFlightsSection booking={booking} />
      </SimpleGrid>
      <HistorySection endpoint={BOOKINGS_PATH} id={id} />
    </Stack>
  );
}
