// How every screen writes dates, times and amounts (French, the day as stored: no time-zone shift of a date).
// Written by hand, to the letter of what Intl's fr-FR formats print (format.test.ts compares them): building those
// formats loads the browser's locale data, 160 ms of a phone's first visit before the first screen could show.

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const WEEKDAYS_SHORT = ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'];
const MONTHS_SHORT = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
/** Between thousands, as Intl's fr-FR writes them: a narrow no-break space; before the euro sign, a no-break space. */
const GROUP = '\u202f';
const BEFORE_SYMBOL = '\u00a0';

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** '2026-06-20' → '20/06/2026'; empty for nothing. */
export const formatDate = (day: string | null | undefined): string => {
  if (!day) return '';
  const parts = DAY.exec(day);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : day;
};

/** A stored day's weekday (0 Sunday), day of the month and month (0 January); null when it is not a day. */
function dayParts(day: string): { weekday: number; date: number; month: number } | null {
  const parts = DAY.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])];
  return { weekday: new Date(Date.UTC(year, month, date)).getUTCDay(), date, month };
}

/** '2026-06-20' → 'samedi 20 juin' (the launch field's days). */
export const formatDayOfWeek = (day: string): string => {
  const parts = dayParts(day);
  return parts ? `${WEEKDAYS[parts.weekday]} ${parts.date} ${MONTHS[parts.month]}` : day;
};

/** '2026-11-23' → 'lun. 23 nov.' (the dashboard's coming days). */
export const formatShortDay = (day: string): string => {
  const parts = dayParts(day);
  return parts ? `${WEEKDAYS_SHORT[parts.weekday]} ${parts.date} ${MONTHS_SHORT[parts.month]}` : day;
};

/** '2026-11-23' → '23 novembre'. */
export const formatDayMonth = (day: string): string => {
  const parts = dayParts(day);
  return parts ? `${parts.date} ${MONTHS[parts.month]}` : day;
};

/** '2026-11-23' → 'novembre 2026'. */
export const formatMonth = (day: string): string => {
  const parts = dayParts(day);
  return parts ? `${MONTHS[parts.month]} ${day.slice(0, 4)}` : day;
};

/** '2026-11-23' → 'lun.'. */
export const formatWeekdayShort = (day: string): string => {
  const parts = dayParts(day);
  return parts ? (WEEKDAYS_SHORT[parts.weekday] as string) : day;
};

/** '2026-06-20' → 'samedi 20 juin 2026'. */
export const formatLongDate = (day: string): string =>
  DAY.test(day) ? `${formatDayOfWeek(day)} ${day.slice(0, 4)}` : day;

/** '07:30:00' → '07:30'. */
export const formatTime = (time: string | null | undefined): string => (time ? time.slice(0, 5) : '');

const groupThousands = (units: string) => units.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);

/**
 * Digits of |value| rounded to `digits` decimals, half away from zero on the decimal written (as Intl does):
 * shifting the decimal point in the text, not by multiplying, rounds 1.005 up as its writing says.
 */
function roundedDigits(value: number, digits: number): { units: string; decimals: string } {
  const written = Math.abs(value).toString();
  const scaled = written.includes('e')
    ? Math.round(Math.abs(value) * 10 ** digits)
    : Math.round(Number(`${written}e${digits}`));
  const text = scaled.toString().padStart(digits + 1, '0');
  return { units: text.slice(0, text.length - digits), decimals: text.slice(text.length - digits) };
}

/** 1234.5 → '1 234,50 €' (rounded half away from zero on the decimal written, as Intl does); empty for nothing. */
export const formatAmount = (amount: number | null | undefined): string => {
  if (amount === null || amount === undefined) return '';
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e15) {
    return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount);
  }
  const negative = amount < 0 || Object.is(amount, -0);
  const { units, decimals } = roundedDigits(amount, 2);
  return `${negative ? '-' : ''}${groupThousands(units)},${decimals}${BEFORE_SYMBOL}€`;
};

/**
 * 1234.5 → '1 234,5': Intl's fr-FR number with at most `maxDecimals` decimals (trailing zeros dropped, thousands
 * grouped by a narrow no-break space).
 */
export const formatNumber = (value: number, maxDecimals = 2): string => {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) {
    return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: maxDecimals }).format(value);
  }
  const { units, decimals } = roundedDigits(value, maxDecimals);
  const kept = decimals.replace(/0+$/, '');
  // As Intl: a negative value that rounds to nothing keeps its sign ('-0').
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(units)}${kept ? `,${kept}` : ''}`;
};

const pad2 = (n: number) => n.toString().padStart(2, '0');

/** An instant, '2026-03-05T07:04:00Z' → '05/03/2026 08:04' in the browser's time, as Intl's fr-FR short date and time. */
export const formatStamp = (instant: string | number | Date): string => {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
};
