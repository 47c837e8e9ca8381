import { bookingStatusById, type Customer, customerDisplayName, type PassengerSummary } from '@app/domain';

// What the booking screens read (booking, customer, passengers) and how they show it.

type Labelled = { id: number; label: string };

/** A passenger as the server summarises it (the domain's PassengerSummary), with the flights a page embeds. */
export type PassengerWithFlights = PassengerSummary & {
  next_flights?: FlightSummary[];
  realized_flights?: FlightSummary[];
};

export type FlightSummary = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  flight_status_id: number;
  location?: Labelled | null;
  balloon?: Labelled | null;
};

export type Booking = {
  id: number;
  number: string;
  number_alt: string | null;
  booked_at: string | null;
  /** Issue 28: the gift's beneficiary, and when the customer last completed the booking in their space. */
  beneficiary_name?: string | null;
  beneficiary_email?: string | null;
  completed_by_customer_at?: string | null;
  /** Last day the voucher may fly (issue 12). */
  validity_date: string | null;
  /** Flights its passengers were postponed from for the weather (issue 29). */
  weather_postponements?: number;
  /** 1: 'Remboursement à proposer', raised by the refund rule (issue 29). */
  refund_to_offer?: number;
  /** The refund recorded by 'Rembourser' (issue 29). */
  refunded_on?: string | null;
  refunded_amount?: number | null;
  passengers_number: number;
  booking_status_id: number;
  customer_id: number | null;
  has_pre_flight_infos: number;
  has_all_infos: number;
  has_total_weight: number;
  /** 1: imported from the shop or a partner file with no prestation matched, to choose (issue 27). */
  prestation_to_specify?: number;
  total_weight: number;
  location_id: number | null;
  prestation_id: number | null;
  booking_origin_id: number | null;
  business_provider_id: number | null;
  payment_method_id: number | null;
  paid_amount: number | null;
  total_amount: number | null;
  remaining_amount: number | null;
  refundable: number;
  created_at?: string;
  referent_passenger?: PassengerWithFlights | null;
  customer?: Customer | null;
  location?: Labelled | null;
  prestation?: Labelled | null;
  booking_status?: { id: number; slug: string; label: string } | null;
  booking_origin?: Labelled | null;
  business_provider?: Labelled | null;
  payment_method?: Labelled | null;
  flight_schedules?: Labelled[];
  requested_dates?: { id: number; date: string }[];
  passengers_count?: number;
};

/** A passenger as the server summarises it (the domain's PassengerSummary), with what a page embeds. */
export type Passenger = PassengerSummary & {
  passenger_type?: Labelled | null;
  flights_count?: number;
  flights?: (FlightSummary & { flight_status?: { slug: string; label: string } | null })[];
};

export const isBookingEditable = (booking: Pick<Booking, 'booking_status_id'>): boolean =>
  bookingStatusById(booking.booking_status_id)?.isEditable ?? true;

/** A customer as staff name them (the one rule of the domain, which the CSV's customer.full_name follows too). */
export function customerName(customer: Customer | null | undefined): string {
  return customer ? customerDisplayName(customer) || customer.full_name || '' : '';
}
