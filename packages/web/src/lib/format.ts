// How every screen writes dates, times and amounts (French, the day as stored: no time-zone shift of a date).

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDateFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const amountFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

const asUtcDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** '2026-06-20' → '20/06/2026'; empty for nothing. */
export const formatDate = (day: string | null | undefined): string => (day ? dateFormat.format(asUtcDate(day)) : '');
/** '2026-06-20' → 'samedi 20 juin 2026'. */
export const formatLongDate = (day: string): string => longDateFormat.format(asUtcDate(day));
/** '07:30:00' → '07:30'. */
export const formatTime = (time: string | null | undefined): string => (time ? time.slice(0, 5) : '');
/** 120.5 → '120,50 €'; empty for nothing. */
export const formatAmount = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '' : amountFormat.format(amount);
