// One line of a French spreadsheet's CSV (`;`-separated, CRLF): the list exports (http/csv.ts) and the reports
// (vouchers, logbooks) write their lines with it.

// A cell a spreadsheet would run as a formula ('=HYPERLINK(...)', '@SUM', '+cmd|...') is prefixed with a quote
// (OWASP "CSV injection"); a phone number '+33 6...' or an amount '-12,50' stays as it is.
const FORMULA = /^(?:[=@\t\r]|[+-](?![\d\s.,()]*$))/;

function cell(text: string): string {
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The cells quoted where a spreadsheet needs it, joined by `;`, ended by CRLF. */
export const csvLine = (cells: string[]): string => `${cells.map(cell).join(';')}\r\n`;
