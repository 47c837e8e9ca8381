import { isCalendarDate } from '@app/domain';
// The date pickers' styles come with the screens that show one, not in every page's first stylesheet.
import '@mantine/dates/styles.css';
// The date pickers' French month and day names (DatesProvider's locale 'fr'): with them, not in every page's entry.
import 'dayjs/locale/fr';
import { DateInput, type DateInputProps } from '@mantine/dates';

// Not in components/index.ts: the date picker's package would follow the barrel into pages that show no date.

/** A date typed as staff write it, 'jj/mm/aaaa' (or 'j/m/aaaa'), as 'aaaa-mm-jj'; null when it is no day of the calendar. */
export function parseFrenchDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${(m[2] ?? '').padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** Names of the calendar's controls, read by screen readers. */
const CALENDAR_LABELS = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousYear: 'Année précédente',
  nextYear: 'Année suivante',
  previousDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: "Choisir l'année",
};

/**
 * A date field, typed 'jj/mm/aaaa' or picked in the calendar. Mantine's own parser does not read the French order:
 * a date typed by hand was dropped on leaving the field, and the one shown before it (often today's) was saved.
 */
export function FrenchDateInput(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return <DateInput valueFormat="DD/MM/YYYY" dateParser={parseFrenchDate} ariaLabels={CALENDAR_LABELS} {...props} />;
}
