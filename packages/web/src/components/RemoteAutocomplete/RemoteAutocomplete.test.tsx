import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { type FakeAnswer, type FakeCall, fakeFetch, INTERACTION_SUITE, lastInputTime, wait } from '../test-utils';
import { RemoteAutocomplete } from './RemoteAutocomplete';

type Customer = { id: number; full_name: string };
const customers: Customer[] = [
  { id: 1, full_name: 'Jeanne Dupont' },
  { id: 2, full_name: 'Paul Dupuis' },
];

// Options are queried with `hidden: true`: in jsdom every element has a zero size, so Mantine's popover believes its
// input is off screen and hides the dropdown with display: none (MantineProvider env="test" would skip that).
let restore = () => {};
afterEach(() => {
  restore();
  act(() => cleanNotifications());
  vi.restoreAllMocks();
});

function setup(answer: (call: FakeCall) => FakeAnswer = () => ({ body: customers })) {
  const fake = fakeFetch(answer);
  restore = fake.restore;
  const chosen: (Customer | null)[] = [];
  function Harness() {
    const [value, setValue] = useState<Customer | null>(null);
    return (
      <RemoteAutocomplete<Customer>
        label="Client"
        endpoint="/api/search/customers"
        labelField="full_name"
        body={{ flight_id: 7 }}
        value={value}
        onChange={(item) => {
          chosen.push(item);
          setValue(item);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  // No pause between keystrokes (delay: null), so only the debounce decides when requests leave, even on a slow machine.
  return { calls: fake.calls, chosen, user: userEvent.setup({ delay: null }) };
}

describe('RemoteAutocomplete', INTERACTION_SUITE, () => {
  it('sends nothing before 3 characters', async () => {
    const { calls, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Client' }), 'Du');
    await wait(400);
    expect(calls).toHaveLength(0);
  });

  it('sends one search 200 ms after the last keystroke, then shows and picks results', async () => {
    const { calls, chosen, user } = setup();
    const input = screen.getByRole('textbox', { name: 'Client' });
    const lastInput = lastInputTime(input);
    await user.type(input, 'Dupo');
    expect(await screen.findByRole('option', { name: 'Jeanne Dupont', hidden: true })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect((calls[0] as FakeCall).at - lastInput()).toBeGreaterThanOrEqual(195);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { search: 'Dupo', flight_id: 7 } });
    expect(calls[0]?.url.pathname).toBe('/api/search/customers');
    await user.click(screen.getByRole('option', { name: 'Paul Dupuis', hidden: true }));
    expect(chosen).toEqual([customers[1]]);
    expect(input).toHaveValue('Paul Dupuis');
    await wait(300);
    expect(calls).toHaveLength(1);
  });

  it("says 'Aucun résultat...' when nothing matches", async () => {
    const { user } = setup(() => ({ body: [] }));
    await user.type(screen.getByRole('textbox', { name: 'Client' }), 'Zorglub');
    expect(await screen.findByText('Aucun résultat...')).toBeInTheDocument();
  });

  it('notifies a failed search', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(() => ({ status: 500, body: { message: 'boom' } }));
    await user.type(screen.getByRole('textbox', { name: 'Client' }), 'Dupont');
    expect(await screen.findByText('Erreur de chargement des résultats')).toBeInTheDocument();
  });

  it('forgets the chosen item when the text is edited, keeping the text', async () => {
    const { chosen, user } = setup();
    const input = screen.getByRole('textbox', { name: 'Client' });
    await user.type(input, 'Dupont');
    await user.click(await screen.findByRole('option', { name: 'Jeanne Dupont', hidden: true }));
    await user.type(input, 'x');
    await waitFor(() => expect(chosen).toEqual([customers[0], null]));
    expect(input).toHaveValue('Jeanne Dupontx');
  });
});
