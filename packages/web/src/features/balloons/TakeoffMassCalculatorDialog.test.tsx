import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../components/test-utils';
import { renderWithProviders } from '../../test/render';
import { TakeoffMassCalculatorDialog } from './TakeoffMassCalculatorDialog';

// Hand computation of the maximum takeoff mass (domain takeoff-mass.test.ts): 15 °C on the ground, 1000 m max, takeoff at 200 m,
// 3000 m³, envelope 100 °C → outside 9.80 °C, pressure 898.75 hPa, lift 802 kg.

let fake: ReturnType<typeof fakeFetch>;
afterEach(() => fake.restore());

/** The <output> of one result. */
const shown = (label: string) => within(screen.getByRole('group', { name: label })).getByRole('status');
// French notation: a comma for decimals, a narrow no-break space between thousands.
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('TakeoffMassCalculatorDialog', { timeout: 20_000 }, () => {
  it('starts from the balloon and the default location, and follows every keystroke', async () => {
    fake = fakeFetch(() => ({
      body: [{ id: 1, label: 'Chambley', is_default: 1, takeoff_altitude: 200, flight_max_altitude: 1000 }],
    }));
    renderWithProviders(
      <TakeoffMassCalculatorDialog
        opened
        onClose={() => {}}
        balloon={{ volume: 3000, envelope_temperature: 100, takeoff_max_mass: 1950 }}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Calculateur de masse maximale au décollage' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Volume du ballon (m³)' })).toHaveValue(3000);
    expect(within(dialog).getByRole('spinbutton', { name: "Température de l'enveloppe (°C)" })).toHaveValue(100);
    expect(await within(dialog).findByDisplayValue('200')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: /^Altitude maximale/ })).toHaveValue(1000);
    expect(fake.calls[0]?.url.searchParams.get('filters')).toBe('is_default|=|1');
    expect(shown('Masse maximale au décollage')).toHaveTextContent('—');
    expect(within(dialog).getByText('Renseignez les cinq valeurs pour obtenir le résultat.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Température au sol (°C)' }), '15');
    expect(plain(shown("Température extérieure à l'altitude maximale").textContent)).toBe('9,80 °C');
    expect(plain(shown("Pression à l'altitude maximale").textContent)).toBe('898,75 hPa');
    expect(plain(shown('Masse maximale au décollage').textContent)).toBe('802 kg');

    // A bigger envelope lifts more: 4000 m³ → 1069.95 → 1 070 kg (server flight-masses test).
    const volume = within(dialog).getByRole('spinbutton', { name: 'Volume du ballon (m³)' });
    await user.clear(volume);
    await user.type(volume, '4000');
    expect(plain(shown('Masse maximale au décollage').textContent)).toBe('1 070 kg');
  });

  it("notes 'Lieu par défaut : …' under an altitude only while it holds the location's value", async () => {
    fake = fakeFetch(() => ({
      body: [{ id: 1, label: 'Chambley', is_default: 1, takeoff_altitude: 200, flight_max_altitude: 1000 }],
    }));
    renderWithProviders(
      <TakeoffMassCalculatorDialog
        opened
        onClose={() => {}}
        balloon={{ volume: 3000, envelope_temperature: 100, takeoff_max_mass: 1950 }}
        // A flight's own maximum altitude: not the location's, so no note under it.
        initial={{ groundTemperature: 15, takeoffAltitude: null, maxAltitude: 1200 }}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const takeoff = within(dialog).getByRole('spinbutton', { name: 'Altitude de décollage (m)' });
    await within(dialog).findByDisplayValue('200');
    expect(takeoff).toHaveAccessibleDescription('Lieu par défaut : Chambley');
    expect(within(dialog).getAllByText('Lieu par défaut : Chambley')).toHaveLength(1);

    const user = userEvent.setup();
    await user.type(takeoff, '5');
    expect(takeoff).toHaveValue(2005);
    expect(within(dialog).queryByText('Lieu par défaut : Chambley')).not.toBeInTheDocument();
    // Back to the prefilled value: the note is true again.
    await user.type(takeoff, '{Backspace}');
    expect(within(dialog).getByText('Lieu par défaut : Chambley')).toBeInTheDocument();
  });

  it('starts with empty altitudes when no location is the default', async () => {
    fake = fakeFetch(() => ({ body: [] }));
    renderWithProviders(
      <TakeoffMassCalculatorDialog
        opened
        onClose={() => {}}
        balloon={{ volume: null, envelope_temperature: null, takeoff_max_mass: 1800 }}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('spinbutton', { name: 'Altitude de décollage (m)' })).toHaveValue(null);
    expect(within(dialog).getByRole('spinbutton', { name: 'Volume du ballon (m³)' })).toHaveValue(null);
  });
});
