import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PhoneInput } from './PhoneInput';

function Harness({ initial = '' }: { initial?: string }) {
  const [phone, setPhone] = useState(initial);
  return (
    <>
      <PhoneInput label="Téléphone" name="phone" value={phone} onChange={setPhone} />
      <output aria-label="Valeur">{phone}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it('is a tel field', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('type', 'tel');
  });

  it('spaces the digits in pairs while typing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Téléphone');
    await user.type(input, '06123');
    expect(input).toHaveValue('06 12 3');
    await user.type(input, '45678');
    expect(input).toHaveValue('06 12 34 56 78');
    expect(screen.getByLabelText('Valeur')).toHaveTextContent('06 12 34 56 78');
  });

  it('strips spaces, dots and dashes before spacing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Téléphone');
    await user.click(input);
    await user.paste('06.12-34 5678');
    expect(input).toHaveValue('06 12 34 56 78');
  });
});
