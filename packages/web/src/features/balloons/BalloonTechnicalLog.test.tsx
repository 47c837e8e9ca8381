import type { TechnicalLog } from '@app/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../components/test-utils';
import { today as operatorToday } from '../../lib/today';
import { renderWithProviders } from '../../test/render';
import { BalloonTechnicalLog } from './BalloonTechnicalLog';

// The balloon's technical log lists every inspection, not only the last one, and records a new one from its dialog.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => fake.restore());

const inspection = (date: string, kind: 'annual' | 'hours_100' | null, hours: number, inspector: string | null) => ({
  kind: 'inspection' as const,
  date,
  hours,
  inspection_kind: kind,
  inspector,
  remarks: kind === 'annual' ? 'Enveloppe conforme.' : null,
});

function logWith(rows: TechnicalLog['rows']): TechnicalLog {
  const last = rows.at(-1) as { date: string; hours: number };
  return {
    balloon: { id: 7, label: 'Ballon rouge', registration_number: 'F-HBAL' },
    hours_before: 10,
    hours_flown: 0,
    hours_total: 10,
    last_inspection_on: last.date,
    hours_at_last_inspection: last.hours,
    next_inspection_on: null,
    next_inspection_hours: null,
    rows,
    totals: { flights: 0, minutes: 0, passengers: 0 },
  };
}

describe('BalloonTechnicalLog', { timeout: 20_000 }, () => {
  it('lists the earlier inspections with their kind, by whom and remarks, and records a new one', async () => {
    let rows: TechnicalLog['rows'] = [
      inspection('2025-03-01', null, 20, null),
      inspection('2025-05-01', 'hours_100', 40, 'J. Martin'),
    ];
    fake = fakeFetch((call) => {
      if (call.method === 'POST') {
        rows = [...rows, inspection('2026-02-20', 'annual', 95.5, 'Atelier Sud')];
        return { status: 201, body: { id: 3 } };
      }
      return { body: logWith(rows) };
    });
    renderWithProviders(<BalloonTechnicalLog balloonId={7} />);
    const table = await screen.findByRole('table', { name: 'Vols et visites du ballon' });
    expect(await within(table).findByText('Visite des 100 heures')).toBeInTheDocument();
    expect(within(table).getByText('Visite')).toBeInTheDocument();
    expect(within(table).getByText('Par J. Martin')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enregistrer une visite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer une visite' });
    // Today by default.
    expect(within(dialog).getByRole('textbox', { name: 'Date de la visite' })).toHaveValue(
      operatorToday().split('-').reverse().join('/'),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Heures du ballon à la visite' }), '95,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Réalisée par' }), 'Atelier Sud');
    await user.type(within(dialog).getByRole('textbox', { name: 'Remarques' }), 'Enveloppe conforme.');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await within(table).findByText('Visite annuelle (12 mois)')).toBeInTheDocument();
    expect(within(table).getByText('Par Atelier Sud — Enveloppe conforme.')).toBeInTheDocument();
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/balloons/7/inspections');
    expect(post?.body).toEqual({
      inspected_on: operatorToday(),
      kind: 'annual',
      hours: 95.5,
      inspector: 'Atelier Sud',
      remarks: 'Enveloppe conforme.',
    });
  });
});
