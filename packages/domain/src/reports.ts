import { addMonths } from './calendar.js';

// GET /api/reports/vouchers?at=YYYY-MM-DD (issue 29 point 4, page 'Rapports'): what the vouchers sold and not yet
// flown are worth at a date, what expires in the coming months, and what each past month sold, flew, lost to
// expiry and refunded. Amounts are euros with two decimals, summed in cents by the server.

/** Months the report looks ahead (expiring) and back (months), the month of `at` included in both. */
export const VOUCHER_REPORT_MONTHS = 12;

/** The earliest `at` the report accepts: no voucher is older. */
export const VOUCHER_REPORT_MIN_DATE = '2000-01-01';

export const VOUCHER_REPORT_MESSAGES = {
  invalidDate: 'Paramètre « at » : une date AAAA-MM-JJ est attendue.',
  future: 'La date du rapport ne peut pas être dans le futur.',
  tooOld: 'La date du rapport ne peut pas précéder le 01/01/2000.',
} as const;

/** Outstanding vouchers of one origin or business provider (id null: none recorded on the booking). */
export type VoucherReportGroup = { id: number | null; label: string; count: number; total_amount: number };

export type VoucherReportOutstanding = {
  count: number;
  passengers: number;
  total_amount: number;
  paid_amount: number;
  by_origin: VoucherReportGroup[];
  by_business_provider: VoucherReportGroup[];
};

/** Outstanding vouchers whose validity ends in `month` (YYYY-MM), from `at` on for the month of `at`. */
export type VoucherReportExpiring = { month: string; count: number; total_amount: number };

/** One past month (up to `at` for the month of `at`). */
export type VoucherReportMonth = {
  month: string;
  sold_amount: number;
  flown_amount: number;
  expired_amount: number;
  refunded_amount: number;
};

export type VoucherReport = {
  at: string;
  outstanding: VoucherReportOutstanding;
  /** The month of `at` and the 11 after it, in order. */
  expiring: VoucherReportExpiring[];
  /** The 11 months before the month of `at` and that month, oldest first. */
  months: VoucherReportMonth[];
};

/** 'YYYY-MM' of the month `offset` months from the month of `date` (YYYY-MM-DD). */
export const monthFrom = (date: string, offset: number): string =>
  addMonths(`${date.slice(0, 7)}-01`, offset).slice(0, 7);

/** The months of the 'expiring' list for `at`, in order. */
export const expiringMonths = (at: string): string[] =>
  Array.from({ length: VOUCHER_REPORT_MONTHS }, (_, i) => monthFrom(at, i));

/** The months of the 'months' list for `at`, oldest first. */
export const reportMonths = (at: string): string[] =>
  Array.from({ length: VOUCHER_REPORT_MONTHS }, (_, i) => monthFrom(at, i - VOUCHER_REPORT_MONTHS + 1));
