import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { type Flag, FlagSwitch } from './FlagSwitch';

describe('FlagSwitch', () => {
  it('emits 1 when switched on and 0 when switched off', async () => {
    const user = userEvent.setup();
    const seen: Flag[] = [];
    function Harness() {
      const [value, setValue] = useState<Flag>(0);
      return (
        <FlagSwitch
          label="Remboursable"
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
        />
      );
    }
    renderWithProviders(<Harness />);
    const control = screen.getByRole('switch', { name: 'Remboursable' });
    expect(control).not.toBeChecked();
    await user.click(control);
    expect(control).toBeChecked();
    await user.click(control);
    expect(control).not.toBeChecked();
    expect(seen).toEqual([1, 0]);
  });

  it('shows 1 as on', () => {
    renderWithProviders(<FlagSwitch label="Par défaut" value={1} onChange={vi.fn()} />);
    expect(screen.getByRole('switch', { name: 'Par défaut' })).toBeChecked();
  });

  it.each([
    ['primary', 'primary'],
    ['danger', 'red'],
    ['success', 'green'],
  ] as const)('uses the %s colour', (color, mantineColor) => {
    renderWithProviders(<FlagSwitch label="Drapeau" value={1} onChange={vi.fn()} color={color} />);
    const root = screen.getByRole('switch', { name: 'Drapeau' }).closest('.mantine-Switch-root');
    expect(root?.getAttribute('style')).toContain(`--mantine-color-${mantineColor}-filled`);
  });
});
