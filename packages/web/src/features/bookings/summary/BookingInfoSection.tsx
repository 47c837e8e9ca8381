import { Group } from '@mantine/core';
import { SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { formatFlag } from '../../../components/ReferenceData';
import { formatDate } from '../../../lib/format';
import { useDialog } from '../../../lib/use-dialog';
import { ValidityTag } from '../BookingValidity';
import type { Booking } from '../booking-model';
import { bookingPrestation } from '../PrestationToSpecify';
import { useBookingSaved } from './booking-summary';

const BookingInfoDialog = lazyDialog(() =>
  import('../dialogs/BookingInfoDialog').then((module) => module.BookingInfoDialog),
);

/** The booking's general information: numbers, passengers, dates, place, prestation and flight slots. */
export function BookingInfoSection({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const saved = useBookingSaved();
  const dialog = useDialog<'general'>();
  return (
    <>
      <SummaryCard
        title="Informations générales"
        onEdit={() => dialog.open('general')}
        isEditDisabled={!isEditable}
        rows={[
          { label: 'Numéro', value: booking.number },
          { label: 'Numéro alternatif', value: booking.number_alt },
          { label: 'Passagers', value: `${booking.passengers_count ?? 0} / ${booking.passengers_number}` },
          { label: "Date d'achat", value: formatDate(booking.booked_at) },
          {
            label: 'Date de validité',
            value: (
              <Group gap={6} component="span">
                {formatDate(booking.validity_date)}
                <ValidityTag booking={booking} />
              </Group>
            ),
          },
          { label: 'Lieu de vol', value: booking.location?.label },
          { label: 'Prestation', value: bookingPrestation(booking, 'medium') },
          { label: 'Créneaux', value: (booking.flight_schedules ?? []).map((s) => s.label).join(', ') },
          { label: 'Infos pré-vol envoyées', value: formatFlag(booking.has_pre_flight_infos) },
          { label: 'Origine', value: booking.booking_origin?.label },
          { label: 'Apporteur', value: booking.business_provider?.label },
        ]}
      />
      {dialog.value === 'general' && (
        <BookingInfoDialog
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
