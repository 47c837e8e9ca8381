import { bookingPath, type QueuedMail } from '@app/domain';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconMail, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/client';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { FormModal, MailStatusTag, mailDate, SummaryCard } from '../../components';
import { useDialog } from '../../lib/use-dialog';

// The booking's mails (issue 10): 'Envoyer un email' with a template (confirmation, pre-flight information, which
// marks it sent, tickets with their PDF attached), and every mail queued or sent for the booking, with its result
// (docs/api.md "Sending mail").

const TEMPLATES = [
  { value: 'booking-confirmation', label: 'Confirmation de réservation' },
  {
    value: 'pre-flight-information',
    label: 'Informations avant le vol',
    hint: 'La réservation sera marquée « infos pré-vol envoyées ».',
  },
  { value: 'tickets', label: 'Billets', hint: 'Les billets en PDF sont joints.' },
];

export function BookingEmails({ bookingId }: { bookingId: number }) {
  const invalidate = useInvalidate();
  const emailsPath = `${bookingPath(bookingId)}/emails`;
  const dialog = useDialog<'send'>();
  const [template, setTemplate] = useState('booking-confirmation');
  const mails = useApiQuery(getRead<QueuedMail[]>('bookings', emailsPath, ['emails', bookingId]), {
    failure: 'Erreur de chargement des emails',
    // A queued mail leaves within seconds: follow it while one is waiting.
    refetchInterval: (query) => ((query.state.data ?? []).some((mail) => mail.status === 'pending') ? 3000 : false),
  });

  return (
    <SummaryCard
      title="Emails"
      actions={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMail size={14} aria-hidden />}
          onClick={() => {
            setTemplate('booking-confirmation');
            dialog.open('send');
          }}
        >
          Envoyer un email
        </Button>
      }
    >
      <Stack gap={6}>
        {(mails.data ?? []).map((mail) => (
          <Group key={mail.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} truncate>
                {mail.template_label ?? mail.subject}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {`${mail.recipient} · ${mailDate(mail)}${mail.user ? ` · ${mail.user.full_name}` : ''}`}
              </Text>
            </Stack>
            <MailStatusTag mail={mail} />
          </Group>
        ))}
        {mails.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Aucun email envoyé.
          </Text>
        )}
      </Stack>
      {dialog.value === 'send' && (
        <FormModal<{ recipient: string }>
          key={dialog.key}
          opened={dialog.opened}
          onClose={dialog.close}
          title="Envoyer un email"
          size="md"
          submitLabel="Envoyer"
          successMessage="Email envoyé"
          failureMessage={(error) => {
            const message = (error as { body?: { message?: string } } | null)?.body?.message;
            return message?.startsWith('Aucune adresse') ? message : "L'envoi de l'email a échoué";
          }}
          onSubmit={() => api.post<{ recipient: string }>(emailsPath, { template })}
          onSaved={() => {
            void invalidate('bookings');
          }}
        >
          <Radio.Group name="template" label="Modèle" required value={template} onChange={setTemplate}>
            <Stack gap="xs" mt="xs">
              {TEMPLATES.map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  label={
                    <Group gap={4}>
                      {option.label}
                      {option.value === 'tickets' && <IconPaperclip size={14} aria-label="avec pièce jointe" />}
                    </Group>
                  }
                  description={option.hint}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Envoyé au passager référent, ou au client à défaut.
          </Text>
        </FormModal>
      )}
    </SummaryCard>
  );
}
