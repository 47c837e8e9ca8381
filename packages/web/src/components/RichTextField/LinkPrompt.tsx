import { ALLOWED_LINK_SCHEMES, isAllowedLinkUrl, MESSAGES, MODAL_CLOSE_MS } from '@app/domain';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

export const LINK_REFUSED = `Adresse refusée : seuls les liens ${ALLOWED_LINK_SCHEMES.slice(0, -1).join(', ')} et ${ALLOWED_LINK_SCHEMES.at(-1)} sont acceptés`;

export type LinkPromptProps = {
  opened: boolean;
  /** The address of the link under the cursor, if any. */
  initialUrl: string;
  onCancel: () => void;
  /** '' removes the link; any other answer is an allowed address. */
  onSubmit: (url: string) => void;
};

/**
 * Asks for the link address. Annuler changes nothing, an empty answer removes the link, a refused
 * scheme is said under the field. No <form> here: the field may sit in a FormModal's form, and React carries
 * a submit event out of a portal into the enclosing form.
 */
export function LinkPrompt({ opened, initialUrl, onCancel, onSubmit }: LinkPromptProps) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setUrl(initialUrl);
    setError(null);
  }, [opened, initialUrl]);

  const submit = () => {
    const trimmed = url.trim();
    if (trimmed !== '' && !isAllowedLinkUrl(trimmed)) {
      setError(LINK_REFUSED);
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Insérer un lien"
      centered
      size="md"
      transitionProps={{ duration: MODAL_CLOSE_MS }}
    >
      <Stack gap="md">
        <TextInput
          label="Adresse du lien"
          description="Laisser vide pour retirer le lien"
          placeholder="https://"
          value={url}
          error={error}
          data-autofocus
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {MESSAGES.cancel}
          </Button>
          <Button onClick={submit}>{MESSAGES.validate}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
