import {
  addDays,
  type CalendarFlight,
  flightStatusById,
  isCalendarDate,
  MESSAGES,
  type PlanningView,
} from '@app/domain';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconNote, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { planningReads } from '../../api/endpoints/planning';
import { useApiQuery } from '../../api/hooks';
import { AvailabilityTag, notifyFailure, statusIcon } from '../../components';
import { formatDayOfWeek, formatWeekdayShort } from '../../lib/format';
import { today as operatorToday } from '../../lib/today';
import { DaySidebar } from './DaySidebar';
import classes from './PlanningPage.module.css';
import { dayItems, monthStartPlus, rangeTitle, usePlanningView, visibleDays } from './planning-model';

// planning: a calendar in week and month views (remembered locally, week by default, weeks from
// Monday, French, today highlighted) over POST /api/planning/range; a click on a day opens its sidebar, the
// day kept in the URL (?day=YYYY-MM-DD).

const STATUS_COLORS: Record<string, string> = {
  primary: 'var(--mantine-color-primary-6)',
  success: 'var(--mantine-color-green-7)',
  danger: 'var(--mantine-color-red-7)',
  warning: 'var(--mantine-color-orange-7)',
};

/**
 * A flight in a day of the calendar: its time, its balloon and its seats state (issue 27: the month too). The
 * stylesheet lays these out, never cutting them: one under the other in the week's columns, side by side (wrapping)
 * in the month's cells and in the day list of a narrow calendar.
 */
function FlightChip({ flight }: { flight: CalendarFlight }) {
  const status = flightStatusById(flight.flight_status_id);
  const Icon = statusIcon(status?.slug === 'planned' ? 'balloon' : (status?.icon ?? 'calendar'));
  const color = STATUS_COLORS[status?.color ?? ''] ?? 'var(--mantine-color-gray-6)';
  const label = `${flight.scheduled_time.slice(0, 5)} ${status?.label ?? ''}${flight.balloon ? ` · ${flight.balloon.label}` : ''}`;
  return (
    <Box className={classes.chip} style={{ borderLeftColor: color }} aria-label={`Vol ${label}`} data-kind="flight">
      <Group gap={4} wrap="nowrap">
        <Icon size={12} aria-hidden />
        <Text size="xs" fw={600}>
          {flight.scheduled_time.slice(0, 5)}
        </Text>
      </Group>
      {flight.balloon && (
        <Text size="xs" className={classes.balloon}>
          {flight.balloon.label}
        </Text>
      )}
      <AvailabilityTag statusId={flight.flight_status_id} availability={flight.availability} />
    </Box>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

/** 'samedi 28 novembre (aujourd'hui) : 2 vols, 27 passagers en attente'. */
function dayName(day: string, isToday: boolean, flights: number, pending: number): string {
  const date = formatDayOfWeek(day);
  const waiting = pending > 0 ? `, ${plural(pending, 'passager')} en attente` : '';
  return `${date}${isToday ? " (aujourd'hui)" : ''} : ${plural(flights, 'vol')}${waiting}`;
}

export default function PlanningPage() {
  const [view, setView] = usePlanningView();
  const [params, setParams] = useSearchParams();
  const dayParam = params.get('day');
  const today = operatorToday();
  const [anchor, setAnchor] = useState(() => (dayParam && isCalendarDate(dayParam) ? dayParam : today));
  const days = visibleDays(view, anchor);
  const from = days[0] as string;
  const to = days[days.length - 1] as string;

  const range = useApiQuery(planningReads.range(from, to), {
    failure: MESSAGES.itemsLoadFailed,
    placeholderData: (previous) => previous,
  });

  const move = (step: number) =>
    setAnchor((current) => (view === 'week' ? addDays(current, 7 * step) : monthStartPlus(current, step)));
  const openDay = (day: string) => {
    const next = new URLSearchParams(params);
    next.set('day', day);
    setParams(next);
  };
  const closeDay = () => {
    const next = new URLSearchParams(params);
    next.delete('day');
    setParams(next);
  };

  // A day that is not a date says so once ('Paramètre du vol inattendu'), and the sidebar stays closed.
  const isDayValid = dayParam === null || isCalendarDate(dayParam);
  useEffect(() => {
    if (isDayValid) return;
    notifyFailure(MESSAGES.unexpectedFlightParameter);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('day');
        return next;
      },
      { replace: true },
    );
  }, [isDayValid, setParams]);

  const isCompact = view === 'month';
  const month = anchor.slice(0, 7);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => move(-1)}
            aria-label={view === 'week' ? 'Semaine précédente' : 'Mois précédent'}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setAnchor(today)}>
            Aujourd'hui
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => move(1)}
            aria-label={view === 'week' ? 'Semaine suivante' : 'Mois suivant'}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={2} fz="lg" ml="xs">
            {rangeTitle(view, days)}
          </Title>
        </Group>
        <SegmentedControl
          aria-label="Vue du planning"
          value={view}
          onChange={(value) => setView(value as PlanningView)}
          data={[
            { value: 'week', label: 'Semaine' },
            { value: 'month', label: 'Mois' },
          ]}
        />
      </Group>

      <Paper withBorder radius="md" className={classes.calendar} data-view={view} aria-busy={range.isFetching}>
        <section className={classes.grid} aria-label={rangeTitle(view, days)}>
          {days.slice(0, 7).map((day) => (
            <div key={`h-${day}`} className={classes.weekday} aria-hidden>
              {formatWeekdayShort(day)}
            </div>
          ))}
          {days.map((day) => {
            const items = dayItems(range.data, day);
            const flights = items.filter((item) => item.kind === 'flight');
            const pending = range.data?.pending_passengers[day] ?? 0;
            const isToday = day === today;
            const isOutside = isCompact && day.slice(0, 7) !== month;
            // A month cell keeps its first four flights (and every note), in time order.
            const kept = new Set(isCompact ? flights.slice(0, 4) : flights);
            const shown = items.filter((item) => item.kind === 'event' || kept.has(item));
            const hidden = flights.length - kept.size;
            return (
              <UnstyledButton
                key={day}
                className={classes.day}
                data-today={isToday || undefined}
                data-outside={isOutside || undefined}
                data-selected={dayParam === day || undefined}
                onClick={() => openDay(day)}
              >
                {/* The day's name for screen readers, in place of the cell's content (the sidebar details it). Not
                    an aria-label: one replacing the shown day number, tags and chips is a label that does not hold
                    what is shown (WCAG 2.5.3). */}
                <VisuallyHidden>{dayName(day, isToday, flights.length, pending)}</VisuallyHidden>
                <Group justify="space-between" gap={4} wrap="nowrap" mb={4} className={classes.dayHead} aria-hidden>
                  <Group gap={6} wrap="nowrap">
                    {/* The weekday heads the columns; a narrow calendar lists the days, each naming its own. */}
                    <Text size="sm" fw={600} className={classes.dayWeekday}>
                      {formatWeekdayShort(day)}
                    </Text>
                    <Text size="sm" fw={isToday ? 800 : 600} className={classes.dayNumber}>
                      {Number(day.slice(8))}
                    </Text>
                  </Group>
                  {pending > 0 && (
                    <Tooltip label={`${pending} passager${pending > 1 ? 's' : ''} en attente pour ce jour`}>
                      <Badge size="xs" variant="light" color="orange" leftSection={<IconUsers size={10} />}>
                        {pending}
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
                <div className={classes.items} aria-hidden>
                  {shown.map((item) =>
                    item.kind === 'flight' ? (
                      <FlightChip key={`f-${item.id}`} flight={item} />
                    ) : (
                      <Group key={`e-${item.id}`} gap={4} wrap="nowrap" className={classes.event} data-kind="event">
                        <IconNote size={12} aria-hidden />
                        <Text size="xs" className={classes.eventTitle}>
                          {`${item.scheduled_time.slice(0, 5)} ${item.title}`}
                        </Text>
                      </Group>
                    ),
                  )}
                  {hidden > 0 && <Text size="xs" c="dimmed">{`+ ${hidden} vol${hidden > 1 ? 's' : ''}`}</Text>}
                </div>
              </UnstyledButton>
            );
          })}
        </section>
      </Paper>

      {dayParam !== null && isDayValid && <DaySidebar day={dayParam} onClose={closeDay} />}
    </Stack>
  );
}
