import {
  addDays,
  addMonths,
  type CalendarEvent,
  type CalendarFlight,
  DEFAULT_PLANNING_VIEW,
  MESSAGES,
  PLANNING_VIEWS,
  type PlanningRange,
  type PlanningView,
} from '@app/domain';
import { settingsReads } from '../../api/endpoints/settings';
import { useApiQuery } from '../../api/hooks';
import { formatDayMonth, formatLongDate, formatMonth } from '../../lib/format';
import { useStoredState } from '../../lib/local-storage';

// The planning calendar's days (week or month, weeks from Monday, French) and what it reads.

/** A calendar day's flights and notes in one list, in time order (issue 27: a 09:00 note before an 18:30 flight). */
export type CalendarItem = ({ kind: 'flight' } & CalendarFlight) | ({ kind: 'event' } & CalendarEvent);

/**
 * The items of `day`, by time, then flights before notes at the same time, then by id: the order of the day
 * sidebar (POST /api/planning/day), so a day reads the same in the calendar and in its sidebar.
 */
export function dayItems(range: PlanningRange | undefined, day: string): CalendarItem[] {
  const flights = (range?.flights ?? [])
    .filter((flight) => flight.scheduled_date === day)
    .map((flight) => ({ kind: 'flight' as const, ...flight }));
  const events = (range?.events ?? [])
    .filter((event) => event.scheduled_date === day)
    .map((event) => ({ kind: 'event' as const, ...event }));
  return [...flights, ...events].sort(
    (a, b) =>
      a.scheduled_time.localeCompare(b.scheduled_time) ||
      (a.kind === b.kind ? 0 : a.kind === 'flight' ? -1 : 1) ||
      a.id - b.id,
  );
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Monday of the week holding `day` (weeks start on Monday). */
export function weekStart(day: string): string {
  const weekday = (asDate(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The first day of the month `months` after the month of `day` (the month view's step). */
export function monthStartPlus(day: string, months: number): string {
  return addMonths(`${day.slice(0, 8)}01`, months);
}

/** The days the view shows around `anchor`: one week, or the whole weeks covering its month (at most 42 days). */
export function visibleDays(view: PlanningView, anchor: string): string[] {
  if (view === 'week') {
    const start = weekStart(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(start, i));
  }
  const first = `${anchor.slice(0, 8)}01`;
  const start = weekStart(first);
  const nextMonth = monthStartPlus(first, 1);
  const days: string[] = [];
  for (let day = start; days.length < 42 && (day < nextMonth || days.length % 7 !== 0); day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'novembre 2026', or 'Semaine du 16 au 22 novembre 2026'. */
export function rangeTitle(view: PlanningView, days: string[]): string {
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  if (view === 'month') {
    const middle = days[Math.floor(days.length / 2)] as string;
    return capitalize(formatMonth(middle));
  }
  const sameMonth = first.slice(0, 7) === last.slice(0, 7);
  const from = sameMonth ? String(Number(first.slice(8))) : formatDayMonth(first);
  return `Semaine du ${from} au ${formatDayMonth(last)} ${last.slice(0, 4)}`;
}

/** 'Samedi 20 juin 2026' (the day sidebar's full date). */
export const fullDate = (day: string): string => capitalize(formatLongDate(day));

/** The view, remembered locally (week by default); a stored value that is not a view is ignored. */
export function usePlanningView(): [PlanningView, (view: PlanningView) => void] {
  const [stored, setStored] = useStoredState<string>('planning-view', DEFAULT_PLANNING_VIEW);
  const view = (PLANNING_VIEWS as readonly string[]).includes(stored)
    ? (stored as PlanningView)
    : DEFAULT_PLANNING_VIEW;
  return [view, setStored];
}

/** The `planning_flightcard_show_*` settings (GET /api/settings?filters=key|like|~planning_~). */
export type CardSettings = {
  location: boolean;
  prestation: boolean;
  balloon: boolean;
  pilot: boolean;
  total_weight: boolean;
};

export function useCardSettings(): CardSettings {
  const result = useApiQuery(settingsReads.like('~planning_~'), {
    failure: MESSAGES.planningSettingsLoadFailed,
    staleTime: 60_000,
  });
  const shown = (name: string) => {
    const value = result.data?.find((setting) => setting.key === `planning_flightcard_show_${name}`)?.value;
    return value === undefined ? true : value === '1';
  };
  return {
    location: shown('location'),
    prestation: shown('prestation'),
    balloon: shown('balloon'),
    pilot: shown('pilot'),
    total_weight: shown('total_weight'),
  };
}
