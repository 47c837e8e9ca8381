import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FrenchDateInput, parseFrenchDate } from './FrenchDateInput';

function Harness({ initial }: { initial: string | null }) {
  const [date, setDate] = useState<string | null>(initial);
  return (
    <>
      <FrenchDateInput
        label="Date de la visite"
        value={date}
        onChange={(v) => setDate(typeof v === 'string' ? v : null)}
      />
      <output aria-label="Valeur">{date ?? 'aucune'}</output>
    </>
  );
}

describe('FrenchDateInput', () => {
  it('keeps a date typed jj/mm/aaaa by hand, not the one shown before', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="2026-11-28" />);
    const input = screen.getByLabelText('Date de la visite');
    expect(input).toHaveValue('28/11/2026');
    await user.clear(input);
    await user.type(input, '15/05/2032');
    await user.tab();
    expect(screen.getByLabelText('Valeur')).toHaveTextContent('2032-05-15');
    expect(input).toHaveValue('15/05/2032');
  });

  it('reads the French order only, and days of the calendar only', () => {
    expect(parseFrenchDate('5/3/2027')).toBe('2027-03-05');
    expect(parseFrenchDate(' 15/05/2032 ')).toBe('2032-05-15');
    expect(parseFrenchDate('31/02/2027')).toBeNull();
    expect(parseFrenchDate('2027-03-05')).toBeNull();
    expect(parseFrenchDate('05/15/2032')).toBeNull();
  });
});
