import { Button } from '@mantine/core';
import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AFTER_CLOSE, INTERACTION_SUITE } from '../test-utils';
import { ConfirmModal, confirmAccept, confirmDelete, confirmReject } from './ConfirmDialog';

afterEach(() => {
  act(() => cleanNotifications());
  vi.restoreAllMocks();
});

/** A screen with one button opening the dialog; the answer lands in `answers`. */
function renderOpener(open: () => Promise<boolean>) {
  const answers: boolean[] = [];
  // renderWithProviders already mounts the ModalsProvider the promise-based dialogs open through.
  renderWithProviders(<Button onClick={() => void open().then((answer) => answers.push(answer))}>Ouvrir</Button>);
  return { answers, user: userEvent.setup() };
}

describe('confirmDelete', INTERACTION_SUITE, () => {
  it("enables 'Supprimer' only once 'Je confirme la suppression définitive' is on", async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const { answers, user } = renderOpener(() => confirmDelete({ message: 'Supprimer ce vol ?', onConfirm }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Suppression définitive...' })).toBeInTheDocument();
    expect(screen.getByText('Supprimer ce vol ?')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Supprimer' });
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Je confirme la suppression définitive' }));
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(answers).toEqual([true]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), AFTER_CLOSE);
    // Said in green, and not 'Données sauvegardées': nothing was saved.
    expect(screen.getByText('Élément supprimé')).toBeInTheDocument();
    expect(screen.queryByText('Données sauvegardées')).not.toBeInTheDocument();
  });

  it("says the entity's own wording when it has one, and nothing when the deletion fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('refusé')).mockResolvedValueOnce(undefined);
    const { answers, user } = renderOpener(() => confirmDelete({ onConfirm, successMessage: 'Clé révoquée' }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(await screen.findByRole('switch', { name: 'Je confirme la suppression définitive' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression')).toBeInTheDocument();
    expect(screen.queryByText('Clé révoquée')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(await screen.findByText('Clé révoquée')).toBeInTheDocument();
    expect(screen.queryByText('Élément supprimé')).not.toBeInTheDocument();
  });

  it('stays open and notifies when the deletion fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onConfirm = vi.fn().mockRejectedValue(new Error('refusé'));
    const { answers, user } = renderOpener(() => confirmDelete({ onConfirm }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(await screen.findByRole('switch', { name: 'Je confirme la suppression définitive' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('dialog', { name: 'Suppression définitive...' })).toBeInTheDocument();
    expect(answers).toEqual([]);
  });

  it('answers false on Annuler', async () => {
    const { answers, user } = renderOpener(() => confirmDelete());
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(answers).toEqual([false]));
  });

  it("answers false on its cross, named 'Fermer' for screen readers (the theme's, issue 27)", async () => {
    const { answers, user } = renderOpener(() => confirmDelete());
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(await screen.findByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(answers).toEqual([false]));
  });
});

describe('confirmAccept and confirmReject', INTERACTION_SUITE, () => {
  it("accepts with 'Accepter'", async () => {
    const { answers, user } = renderOpener(() => confirmAccept({ title: "Accepter la demande d'inscription ?" }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: "Accepter la demande d'inscription ?" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(answers).toEqual([true]));
  });

  it("refuses with 'Refuser', keeping the dialog open when the action fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('réseau')).mockResolvedValueOnce(undefined);
    const { answers, user } = renderOpener(() =>
      confirmReject({ title: 'Refuser la demande ?', onConfirm, failureMessage: 'Le refus a échoué' }),
    );
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(await screen.findByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Le refus a échoué')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Refuser la demande ?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(answers).toEqual([true]));
  });
});

describe('ConfirmModal', INTERACTION_SUITE, () => {
  it('is the same deletion dialog as a component', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderWithProviders(<ConfirmModal kind="delete" opened onClose={onClose} onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Suppression définitive...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Je confirme la suppression définitive' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
