import {
  BOOKING_NEXT_NUMBER_PATH,
  type BookingLinkPayload,
  bookingExtendValidityPath,
  bookingLinkedPath,
  bookingNextTicketNumberPath,
  bookingRefundPath,
  type LinkedBooking,
  type NextBookingNumber,
  type NextTicketNumber,
  type ShopStatus,
  type ShopSyncNotification,
  type StatusRow,
  type ValidityExtensionRow,
  WOOCOMMERCE_IMPORT_ORDERS_PATH,
  WOOCOMMERCE_STATUS_PATH,
} from '@app/domain';
import { api } from '../client';
import { apiRead, getRead, resource } from '../reads';

// The booking page's own reads and writes beside the generic ones (resource('bookings'), resource('passengers')):
// the numbers offered to a new booking or passenger, links, validity, statuses and the online shop.

const byBooking = (bookingId: number) => [{ field: 'booking_id', op: '=' as const, value: String(bookingId) }];

export const bookingReads = {
  /** The number a new booking is offered; one read per opening of the dialog (`openedAt`): it may be taken since. */
  nextNumber: (openedAt: number) =>
    getRead<NextBookingNumber>('bookings', BOOKING_NEXT_NUMBER_PATH, ['next-number', openedAt]),
  /** The ticket number a new passenger is offered, likewise one read per opening. */
  nextTicketNumber: (bookingId: number, openedAt: number) =>
    getRead<NextTicketNumber>('passengers', bookingNextTicketNumberPath(bookingId), [
      'next-ticket-number',
      bookingId,
      openedAt,
    ]),
  /** The bookings linked to this one (a group booked apart). */
  linked: (bookingId: number) =>
    getRead<LinkedBooking[]>('bookings', bookingLinkedPath(bookingId), ['linked', bookingId]),
  statuses: resource<StatusRow>('booking-statutes').list(),
  /** Every extension of the booking's validity, newest first. */
  validityExtensions: (bookingId: number) =>
    resource<ValidityExtensionRow>('booking-validity-extensions').list({
      filters: byBooking(bookingId),
      order: [
        { field: 'created_at', direction: 'DESC' },
        { field: 'id', direction: 'DESC' },
      ],
    }),
  /** The pushes of a shop booking's status to its shop order, newest first; read again at each status change. */
  shopSyncNotifications: (bookingId: number, statusId: number) =>
    apiRead<ShopSyncNotification[]>(
      'woocommerce-sync-notifications',
      [bookingId, statusId],
      resource<ShopSyncNotification>('woocommerce-sync-notifications').list({
        filters: byBooking(bookingId),
        order: [{ field: 'created_at', direction: 'DESC' }],
      }).read,
    ),
  /** Whether the online shop is set up: keyed under the settings, whose save changes it. */
  shopStatus: getRead<ShopStatus>('settings', WOOCOMMERCE_STATUS_PATH, ['shop-status']),
};

export const bookingWrites = {
  link: (payload: BookingLinkPayload) => resource('booking-links').create(payload),
  unlink: (linkId: number) => resource('booking-links').remove(linkId),
  extendValidity: (bookingId: number, body: { months: number; reason: string; send_mail: 0 | 1 }) =>
    api.post(bookingExtendValidityPath(bookingId), body),
  refund: (bookingId: number, body: { refunded_on: string; amount: number | null }) =>
    api.post(bookingRefundPath(bookingId), body),
  /** Imports the shop's last orders; answers the bookings made. */
  importShopOrders: <T>() => api.post<T[]>(WOOCOMMERCE_IMPORT_ORDERS_PATH),
};
