import { bookingStatusById, MESSAGES } from '@app/domain';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useApiQuery, useFailureNotice } from '../../api/hooks';
import { AfterFirstPaint, BookingStatusTag, SubNavigation } from '../../components';
import { usePageTitle } from '../../lib/page-title';
import { pathTo } from '../../lib/routes';
import { type Booking, isBookingEditable } from './booking-model';
import { bookingPageRead } from './booking-page-query';
import { ShopSyncNotifications } from './ShopImport';

// single-booking: the booking's number as title, its status tag, and its three children (summary,
// passengers, tickets), which read the booking loaded here through the outlet context.

export type BookingContext = { booking: Booking; isEditable: boolean };

/** The booking of the page, for its child routes. */
export const useBooking = (): BookingContext => useOutletContext<BookingContext>();

export default function BookingPage() {
  const bookingId = Number(useParams().bookingId);
  // A missing booking is said on the page, not as a failure.
  const result = useApiQuery(bookingPageRead(bookingId), { failure: null });
  const booking = result.data;
  usePageTitle(booking ? `Réservation ${booking.number}` : null);
  const isMissing = result.error instanceof ApiError && result.error.status === 404;
  useFailureNotice(isMissing ? null : MESSAGES.bookingLoadFailed, result);

  const status = booking ? bookingStatusById(booking.booking_status_id) : undefined;
  const back = (
    <Anchor component={Link} to={pathTo('bookings', { status: status?.slug ?? 'pending' })} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {status ? `Réservations ${status.labelPlural.toLowerCase()}` : 'Réservations'}
      </Group>
    </Anchor>
  );

  if (!booking) {
    return (
      <Stack gap="sm">
        {back}
        {isMissing && <Text>Cette réservation n'existe pas.</Text>}
        {result.isError && !isMissing && <Text c="red">{MESSAGES.bookingLoadFailed}</Text>}
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
      </Stack>
    );
  }

  const isEditable = isBookingEditable(booking);
  const id = booking.id;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {back}
        <BookingStatusTag statusId={booking.booking_status_id} />
      </Group>
      {!isEditable && (
        <Alert color="gray" icon={<IconLock size={16} aria-hidden />} p="xs">
          {`Réservation ${status?.label.toLowerCase()} : elle n'est plus modifiable, sauf son statut et ses notes.`}
        </Alert>
      )}
      <ShopSyncNotifications booking={booking} />
      <SubNavigation
        label="Sections de la réservation"
        links={[
          { label: 'Résumé', to: pathTo('single-booking-summary', { bookingId: id }) },
          { label: 'Passagers', to: pathTo('single-booking-passengers', { bookingId: id }) },
          { label: 'Billets', to: pathTo('single-booking-tickets', { bookingId: id }) },
        ]}
      />
      <AfterFirstPaint>
        <Outlet context={{ booking, isEditable } satisfies BookingContext} />
      </AfterFirstPaint>
    </Stack>
  );
}
