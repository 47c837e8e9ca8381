import { MESSAGES, MODAL_CLOSE_MS, TEXTAREA_ROWS_DIALOG } from '@app/domain';
import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { fieldErrors } from '../../api/error-messages';
import { notifyFailure, notifySuccess } from '../notify/notify';
import { FormFieldsContext, type FormFieldsContextValue } from './form-context';

export type FormModalProps<R = unknown> = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Saves; resolve to close the dialog, reject to keep it open. Called only when the browser finds the form valid. */
  onSubmit: (formData: FormData) => Promise<R>;
  /**
   * Red notification when saving fails (e.g. 'La modification du passager a échoué'); a function chooses
   * by the error when one dialog makes several calls (create a customer, then associate it).
   */
  failureMessage: string | ((error: unknown) => string);
  /** Green notification after saving; null for none. @default 'Données sauvegardées' */
  successMessage?: string | null;
  /** After a successful save, before closing: refresh a list, navigate to the new record... */
  onSaved?: (result: R) => void;
  /** Fields; a function receives the server's field errors (they also reach TextAreaField/PhoneInput by name). */
  children: ReactNode | ((context: { errors: Record<string, string> }) => ReactNode);
  /** Valider stays disabled while false (e.g. nothing selected yet). @default true */
  canSubmit?: boolean;
  /** The flight status dialog closes even when saving fails. @default false */
  isClosedOnFailure?: boolean;
  submitLabel?: string;
  size?: ModalProps['size'];
};

/**
 * Creation/edit dialog: a native form (validity is the browser's own: required, type=email, min...),
 * Annuler / Valider; success closes it and notifies, failure keeps it open with a red notification and the
 * server's field errors under the matching fields.
 */
export function FormModal<R = unknown>({
  opened,
  onClose,
  title,
  onSubmit,
  failureMessage,
  successMessage = MESSAGES.saved,
  onSaved,
  children,
  canSubmit = true,
  isClosedOnFailure = false,
  submitLabel = MESSAGES.validate,
  size = 'lg',
}: FormModalProps<R>) {
  const [isSubmitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Errors of a previous opening mean nothing for the next one.
  useEffect(() => {
    if (opened) setErrors({});
  }, [opened]);

  const context = useMemo<FormFieldsContextValue>(() => ({ errors, textareaRows: TEXTAREA_ROWS_DIALOG }), [errors]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Browsers do not submit an invalid form, but a programmatic submit or an old engine could: check again.
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    if (isSubmitting || !canSubmit) return;
    setSubmitting(true);
    setErrors({});
    try {
      const result = await onSubmit(new FormData(form));
      if (successMessage) notifySuccess(successMessage);
      onSaved?.(result);
      onClose();
    } catch (error) {
      notifyFailure(typeof failureMessage === 'function' ? failureMessage(error) : failureMessage, error);
      setErrors(fieldErrors(error));
      if (isClosedOnFailure) onClose();
    } finally {
      setSubmitting(false);
    }
  };

  const close = () => {
    if (!isSubmitting) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={size}
      transitionProps={{ duration: MODAL_CLOSE_MS }}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <FormFieldsContext.Provider value={context}>
        <form onSubmit={handleSubmit}>
          <Stack gap="md">
            {typeof children === 'function' ? children({ errors }) : children}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isSubmitting}>
                {MESSAGES.cancel}
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={!canSubmit}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormFieldsContext.Provider>
    </Modal>
  );
}
