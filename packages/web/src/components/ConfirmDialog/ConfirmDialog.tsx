import { DELETED_MESSAGE, MESSAGES, MODAL_CLOSE_MS } from '@app/domain';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';
import { semanticColors } from '../../theme';
import { notifyFailure, notifySuccess } from '../notify/notify';

export type ConfirmKind = 'accept' | 'reject' | 'delete';

/**
 * The red notification of a failed action; a function reads the error, e.g. to show the server's own French
 * reason for a refused deletion ('Ce ballon est utilisé par 12 vols : suppression impossible.').
 */
export type FailureMessage = string | ((error: unknown) => string);

type Action =
  | { onConfirm?: undefined; failureMessage?: undefined }
  /** The action runs inside the dialog: a failure keeps it open and notifies failureMessage. */
  | { onConfirm: () => Promise<unknown>; failureMessage: FailureMessage };

export type ConfirmOptions = { title: ReactNode; message?: ReactNode } & Action;
/**
 * Deletion has its own title and failure message by default ('Suppression définitive...', 'Erreur lors de la suppression'), and
 * once its action succeeded says so in green: 'Élément supprimé' unless the entity has its own wording.
 */
export type ConfirmDeleteOptions = { title?: ReactNode; message?: ReactNode } & (
  | { onConfirm?: undefined; failureMessage?: undefined; successMessage?: undefined }
  | { onConfirm: () => Promise<unknown>; failureMessage?: FailureMessage; successMessage?: string }
);

const buttons = {
  accept: { label: MESSAGES.accept, color: semanticColors.success },
  reject: { label: MESSAGES.reject, color: semanticColors.danger },
  delete: { label: MESSAGES.delete, color: semanticColors.danger },
} as const;

type ConfirmBodyProps = {
  kind: ConfirmKind;
  message?: ReactNode;
  onConfirm?: () => Promise<unknown>;
  failureMessage?: FailureMessage;
  /** Deletion only: the green notification once onConfirm succeeded. @default 'Élément supprimé' */
  successMessage?: string;
  onCancel: () => void;
  onConfirmed: () => void;
};

/** Message, the deletion switch when deleting, Annuler and the action button. */
function ConfirmBody({
  kind,
  message,
  onConfirm,
  failureMessage,
  successMessage,
  onCancel,
  onConfirmed,
}: ConfirmBodyProps) {
  const [isConfirmed, setConfirmed] = useState(kind !== 'delete');
  const [isRunning, setRunning] = useState(false);
  const button = buttons[kind];

  const confirm = async () => {
    if (!onConfirm) {
      onConfirmed();
      return;
    }
    setRunning(true);
    try {
      await onConfirm();
      if (kind === 'delete') notifySuccess(successMessage ?? DELETED_MESSAGE);
      onConfirmed();
    } catch (error) {
      const message = typeof failureMessage === 'function' ? failureMessage(error) : failureMessage;
      notifyFailure(message ?? MESSAGES.deleteFailed, error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack gap="md">
      {message && (typeof message === 'string' ? <Text>{message}</Text> : message)}
      {kind === 'delete' && (
        <Switch
          label={MESSAGES.deleteConfirm}
          color={semanticColors.danger}
          checked={isConfirmed}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isRunning}>
          {MESSAGES.cancel}
        </Button>
        <Button color={button.color} onClick={confirm} loading={isRunning} disabled={!isConfirmed}>
          {button.label}
        </Button>
      </Group>
    </Stack>
  );
}

let nextId = 0;

/** Opens the dialog through Mantine's modals manager (the ModalsProvider of AppProviders). */
function openConfirm(
  kind: ConfirmKind,
  title: ReactNode,
  options: Omit<ConfirmBodyProps, 'kind' | 'onCancel' | 'onConfirmed'>,
) {
  return new Promise<boolean>((resolve) => {
    nextId += 1;
    const modalId = `confirm-${kind}-${nextId}`;
    let isSettled = false;
    const settle = (answer: boolean) => {
      if (isSettled) return;
      isSettled = true;
      resolve(answer);
    };
    modals.open({
      modalId,
      title,
      centered: true,
      transitionProps: { duration: MODAL_CLOSE_MS },
      onClose: () => settle(false),
      children: (
        <ConfirmBody
          kind={kind}
          {...options}
          onCancel={() => modals.close(modalId)}
          onConfirmed={() => {
            settle(true);
            modals.close(modalId);
          }}
        />
      ),
    });
  });
}

/** 'Accepter' dialog; resolves true once accepted (and onConfirm succeeded), false when dismissed. */
export const confirmAccept = ({ title, ...options }: ConfirmOptions) => openConfirm('accept', title, options);

/** 'Refuser' dialog; resolves true once refused (and onConfirm succeeded), false when dismissed. */
export const confirmReject = ({ title, ...options }: ConfirmOptions) => openConfirm('reject', title, options);

/**
 * 'Suppression définitive...' dialog: 'Supprimer' enables only once 'Je confirme la suppression définitive' is on.
 * Resolves true once deleted (and onConfirm succeeded), false when dismissed.
 */
export const confirmDelete = ({ title = MESSAGES.deleteTitle, ...options }: ConfirmDeleteOptions = {}) =>
  openConfirm('delete', title, options);

export type ConfirmModalProps = {
  kind: ConfirmKind;
  opened: boolean;
  onClose: () => void;
  /** @default 'Suppression définitive...' when deleting */
  title?: ReactNode;
  message?: ReactNode;
  onConfirm: () => Promise<unknown>;
  /** @default 'Erreur lors de la suppression' */
  failureMessage?: FailureMessage;
  /** Deletion only. @default 'Élément supprimé' */
  successMessage?: string;
};

/** The same dialogs as a component, for screens that keep the dialog in their own state. */
export function ConfirmModal({
  kind,
  opened,
  onClose,
  title,
  message,
  onConfirm,
  failureMessage,
  successMessage,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={title ?? (kind === 'delete' ? MESSAGES.deleteTitle : undefined)}
      transitionProps={{ duration: MODAL_CLOSE_MS }}
    >
      {/* Remounted at each opening, so the deletion switch starts off again. */}
      {opened && (
        <ConfirmBody
          kind={kind}
          message={message}
          onConfirm={onConfirm}
          failureMessage={failureMessage}
          successMessage={successMessage}
          onCancel={onClose}
          onConfirmed={onClose}
        />
      )}
    </Modal>
  );
}
