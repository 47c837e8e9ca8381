import type { CalendarFlight, PlanningRange } from '@app/domain';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, INTERACTION_SUITE } from '../../components/test-utils';
import { today as operatorToday } from '../../lib/today';
import { renderWithProviders } from '../../test/render';
import PlanningPage from './PlanningPage';

// Issue 27: a calendar day lists its flights and notes in time order (a 09:00 note before an 18:30 flight), and the
// month shows each flight's balloon and seats state, not its time alone. POST /api/planning/range answers as
// services/planning-range.ts does: the flights, then the events, each by date and time.

const day = operatorToday();
const flight = (id: number, time: string, balloon: string | null, availability: number | null): CalendarFlight => ({
  id,
  scheduled_date: day,
  scheduled_time: time,
  flight_status_id: 1,
  balloon: balloon === null ? null : { id: id * 10, label: balloon, passengers: 6 },
  location: null,
  passengers_count: balloon === null ? 0 : 6 - (availability ?? 0),
  availability,
  is_public: 0,
});
const answer: PlanningRange = {
  flights: [flight(1, '06:45:00', 'F-HBLM', 4), flight(2, '18:30:00', 'F-GKAZ', 0)],
  events: [
    { id: 5, scheduled_date: day, scheduled_time: '09:00:00', title: 'Révision enveloppe' },
    { id: 6, scheduled_date: day, scheduled_time: '18:30:00', title: 'Briefing du soir' },
  ],
  pending_passengers: {},
};

let fake: ReturnType<typeof fakeFetch> | undefined;
beforeEach(() => {
  localStorage.removeItem('planning-view');
});
afterEach(() => {
  fake?.restore();
  localStorage.removeItem('planning-view');
  act(() => cleanNotifications());
});

/** The cell of today (the only day holding flights here), found by its first flight. */
async function todayCell() {
  const first = await screen.findByLabelText(/^Vol 06:45/);
  return first.closest('button') as HTMLElement;
}

/** Where each text comes in the cell, in the page's order (-1 when absent). */
const positions = (cell: HTMLElement, texts: string[]) => texts.map((text) => cell.textContent?.indexOf(text) ?? -1);
const inOrder = (numbers: number[]) => numbers.every((n, i) => n >= 0 && (i === 0 || n > (numbers[i - 1] as number)));
const DAY_ORDER = ['06:45', 'Révision enveloppe', 'F-GKAZ', 'Briefing du soir'];

describe('PlanningPage', INTERACTION_SUITE, () => {
  it("lists a day's flights and notes in time order, flights first at the same time", async () => {
    fake = fakeFetch(() => ({ body: answer }));
    renderWithProviders(<PlanningPage />, { route: '/planning' });
    const cell = await todayCell();
    // The 06:45 flight, the 09:00 note, the 18:30 flight, then the 18:30 note (flights first at the same time).
    expect(positions(cell, DAY_ORDER)).toSatisfy(inOrder);
    expect(within(cell).getByText('09:00 Révision enveloppe')).toBeInTheDocument();
  });

  it('shows in the month each flight with its balloon and seats state', async () => {
    fake = fakeFetch(() => ({ body: answer }));
    const user = userEvent.setup();
    renderWithProviders(<PlanningPage />, { route: '/planning' });
    await todayCell();
    await user.click(screen.getByRole('radio', { name: 'Mois' }));
    const cell = await todayCell();
    const first = within(cell).getByLabelText(/^Vol 06:45/);
    expect(first).toHaveTextContent('06:45');
    expect(within(first).getByText('F-HBLM')).toBeInTheDocument();
    expect(within(first).getByText('4 places')).toBeInTheDocument();
    const second = within(cell).getByLabelText(/^Vol 18:30/);
    expect(within(second).getByText('F-GKAZ')).toBeInTheDocument();
    expect(within(second).getByText('Complet')).toBeInTheDocument();
    expect(positions(cell, DAY_ORDER)).toSatisfy(inOrder);
  });
});
