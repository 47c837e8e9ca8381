import { TextInput } from '@mantine/core';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { TextAreaField } from '../TextAreaField/TextAreaField';
import { AFTER_CLOSE, INTERACTION_SUITE } from '../test-utils';
import { FormModal, type FormModalProps } from './FormModal';

afterEach(() => {
  act(() => cleanNotifications());
  vi.restoreAllMocks();
});

function PilotDialog({ onSubmit, ...props }: Partial<FormModalProps> & Pick<FormModalProps, 'onSubmit'>) {
  const [opened, setOpened] = useState(true);
  const [lastName, setLastName] = useState('');
  const [notes, setNotes] = useState('');
  return (
    <FormModal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Nouveau pilote"
      failureMessage="La création du pilote a échoué"
      onSubmit={onSubmit}
      {...props}
    >
      {({ errors }) => (
        <>
          <TextInput
            label="Nom"
            name="last_name"
            required
            value={lastName}
            error={errors.last_name}
            onChange={(e) => setLastName(e.currentTarget.value)}
          />
          <TextAreaField label="Remarques" name="notes" value={notes} onChange={setNotes} />
        </>
      )}
    </FormModal>
  );
}

describe('FormModal', INTERACTION_SUITE, () => {
  it('does not submit while a required field is empty (native validity)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<PilotDialog onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Nouveau pilote' })).toBeInTheDocument();
  });

  it('closes after a successful save and says so', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({ id: 4 });
    const onSaved = vi.fn();
    renderWithProviders(<PilotDialog onSubmit={onSubmit} onSaved={onSaved} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Montgolfier');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((onSubmit.mock.calls[0]?.[0] as FormData).get('last_name')).toBe('Montgolfier');
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ id: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), AFTER_CLOSE);
  });

  it('stays open on failure, in red, with the server field errors under the fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(422, {
        message: 'invalide',
        errors: { last_name: ['Le nom est trop long'], notes: ['Trop court'] },
      }),
    );
    renderWithProviders(<PilotDialog onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('La création du pilote a échoué')).toBeInTheDocument();
    expect(screen.getByText('Le nom est trop long')).toBeInTheDocument();
    expect(screen.getByText('Trop court')).toBeInTheDocument();
    // Still open, long after the close animation would have ended.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('dialog', { name: 'Nouveau pilote' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('X');
  });

  it('closes on failure when the dialog asks for it (flight status)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<PilotDialog onSubmit={vi.fn().mockRejectedValue(new Error('réseau'))} isClosedOnFailure />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('La création du pilote a échoué')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), AFTER_CLOSE);
  });

  it('keeps Valider disabled while the dialog says it cannot submit', () => {
    renderWithProviders(<PilotDialog onSubmit={vi.fn()} canSubmit={false} />);
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
  });

  it('closes on Annuler without saving, with the 500 ms animation', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<PilotDialog onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('dialog', { hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), AFTER_CLOSE);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('gives its textareas 6 rows, against 4 outside a dialog', () => {
    renderWithProviders(
      <>
        <PilotDialog onSubmit={vi.fn()} />
        <TextAreaField label="Hors dialogue" value="" onChange={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Remarques' })).toHaveAttribute('rows', '6');
    expect(screen.getByRole('textbox', { name: 'Hors dialogue' })).toHaveAttribute('rows', '4');
  });
});
