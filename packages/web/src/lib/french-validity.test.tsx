import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFrenchValidity } from './french-validity';

// jsdom runs the HTML constraint validation itself (validity, 'invalid' events, setCustomValidity), in English:
// what a browser in another language would show without our messages.

let uninstall = () => {};
beforeEach(() => {
  uninstall = installFrenchValidity(document);
});
afterEach(() => uninstall());

function Form({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Nom" name="last_name" required />
      <input aria-label="Email" name="email" type="email" />
      <input aria-label="Poids" name="weight" type="number" min={0} />
      <input aria-label="Accord" name="agree" type="checkbox" required />
      <button type="submit">
        <span>Valider</span>
      </button>
    </form>
  );
}

describe('French messages of the native checks', () => {
  it('words each failed check in French and still lets the browser decide', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Nom' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    const weight = screen.getByRole('spinbutton', { name: 'Poids' });
    const agree = screen.getByRole('checkbox', { name: 'Accord' });

    await user.click(screen.getByText('Valider'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect((name as HTMLInputElement).validationMessage).toBe('Veuillez renseigner ce champ.');
    expect((agree as HTMLInputElement).validationMessage).toBe('Veuillez cocher cette case.');

    await user.type(name, 'Lefèvre');
    expect((name as HTMLInputElement).validity.valid).toBe(true);
    await user.type(email, 'amelie');
    await user.type(weight, '-3');
    await user.click(agree);
    await user.click(screen.getByText('Valider'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect((email as HTMLInputElement).validationMessage).toBe('Veuillez saisir une adresse email valide.');
    expect((weight as HTMLInputElement).validationMessage).toBe('La valeur doit être supérieure ou égale à 0.');

    await user.type(email, '@example.fr');
    await user.clear(weight);
    await user.type(weight, '68');
    await user.click(screen.getByText('Valider'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not keep an old message on a field a component filled without typing', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Accord' }));
    await user.click(screen.getByText('Valider'));
    const name = screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement;
    expect(name.validationMessage).toBe('Veuillez renseigner ce champ.');
    // A select-like component sets the value itself: no input event.
    name.value = 'Lefèvre';
    await user.click(screen.getByText('Valider'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Enter in a field submits too, after the same fresh check.
    name.value = '';
    fireEvent.invalid(name);
    name.value = 'Dupont';
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("leaves the app's own message alone: it keeps blocking until the app lifts it", async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement;
    await user.type(name, 'Lefèvre');
    await user.click(screen.getByRole('checkbox', { name: 'Accord' }));
    name.setCustomValidity('Les deux mots de passe ne correspondent pas.');
    await user.click(screen.getByText('Valider'));
    await user.click(screen.getByText('Valider'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(name.validationMessage).toBe('Les deux mots de passe ne correspondent pas.');
    name.setCustomValidity('');
    await user.click(screen.getByText('Valider'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
