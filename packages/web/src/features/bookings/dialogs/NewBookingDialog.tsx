import { BOUNDS, INITIAL_BOOKING_STATUS_ID, MESSAGES } from '@app/domain';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { bookingReads } from '../../../api/endpoints/bookings';
import { useApiQuery, useInvalidate } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import { pathTo } from '../../../lib/routes';
import { today as operatorToday } from '../../../lib/today';
import { useUniqueNumber } from '../use-unique-number';

// New booking: the number comes from GET /api/booking-next-number, both numbers are checked for
// uniqueness, the status is 1 (pending); once created, the booking's page opens.

export function NewBookingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [number, setNumber] = useState('');
  const [numberAlt, setNumberAlt] = useState('');
  const [bookedAt, setBookedAt] = useState(operatorToday());
  const [passengers, setPassengers] = useState<number | string>(1);

  // One read per opening: a number shown to a previous dialog may have been taken since.
  const [openedAt] = useState(() => Date.now());
  const next = useApiQuery(bookingReads.nextNumber(openedAt), {
    failure: MESSAGES.bookingNumberGenerationFailed,
    enabled: opened,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (next.data && number === '') setNumber(next.data.number);
  }, [next.data, number]);

  const numberCheck = useUniqueNumber({
    entity: 'bookings',
    field: 'number',
    value: number,
    failureMessage: MESSAGES.bookingNumberCheckFailed,
  });
  const altCheck = useUniqueNumber({
    entity: 'bookings',
    field: 'number_alt',
    value: numberAlt,
    failureMessage: MESSAGES.bookingNumberAltCheckFailed,
  });

  return (
    <FormModal<{ id: number }>
      opened={opened}
      onClose={onClose}
      title="Nouvelle réservation"
      size="md"
      failureMessage={MESSAGES.bookingCreateFailed}
      canSubmit={!numberCheck.error && !altCheck.error && !numberCheck.isChecking && !altCheck.isChecking}
      onSubmit={() =>
        resource('bookings').create<{ id: number }>({
          number: number.trim(),
          number_alt: numberAlt.trim(),
          booked_at: bookedAt || null,
          passengers_number: Number(passengers),
          booking_status_id: INITIAL_BOOKING_STATUS_ID,
        })
      }
      onSaved={(booking) => {
        void invalidate('bookings');
        navigate(pathTo('single-booking', { bookingId: booking.id }));
      }}
    >
      {({ errors }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            name="number"
            label="Numéro de réservation"
            required
            maxLength={50}
            autoComplete="off"
            value={number}
            placeholder={next.isLoading ? 'Chargement...' : undefined}
            onChange={(event) => setNumber(event.currentTarget.value)}
            error={numberCheck.error ?? errors.number}
          />
          <TextInput
            name="number_alt"
            label="Numéro alternatif"
            maxLength={50}
            autoComplete="off"
            value={numberAlt}
            onChange={(event) => setNumberAlt(event.currentTarget.value)}
            error={altCheck.error ?? errors.number_alt}
          />
          <TextInput
            name="booked_at"
            type="date"
            label="Date d'achat"
            value={bookedAt}
            onChange={(event) => setBookedAt(event.currentTarget.value)}
            error={errors.booked_at}
          />
          <NumberInput
            name="passengers_number"
            label="Nombre de passagers"
            required
            min={BOUNDS.bookingPassengers.min}
            max={BOUNDS.bookingPassengers.max}
            allowDecimal={false}
            value={passengers}
            onChange={setPassengers}
            error={errors.passengers_number}
          />
        </SimpleGrid>
      )}
    </FormModal>
  );
}
