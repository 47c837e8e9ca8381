import type { QueuedMail } from '@app/domain';
import { Tooltip } from '@mantine/core';
import { StatusTag } from '../../components';

// A mail of the queue's result tag (the mail itself is the domain's QueuedMail, as the API lists it).

export type { QueuedMail };

const STATUS = {
  pending: { label: 'En attente', color: 'warning' },
  sent: { label: 'Envoyé', color: 'success' },
  failed: { label: 'Échec', color: 'danger' },
} as const;

export const mailDate = (mail: QueuedMail) =>
  new Date(mail.sent_at ?? mail.created_at).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** Sent, waiting (SMTP missing or down, retried) or given up, with the error or the attempts in a tooltip. */
export function MailStatusTag({ mail }: { mail: QueuedMail }) {
  const status = STATUS[mail.status];
  return (
    <Tooltip label={mail.error ?? `${mail.attempts} tentative${mail.attempts > 1 ? 's' : ''}`}>
      <StatusTag size="small" color={status.color}>
        {status.label}
      </StatusTag>
    </Tooltip>
  );
}
