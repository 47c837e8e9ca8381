// The reports' contract: GET ?at=YYYY-MM-DD answers the VoucherReport; `&format=csv` downloads it.

export const VOUCHERS_REPORT_PATH = '/api/reports/vouchers';
