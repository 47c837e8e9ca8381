import { Tooltip } from '@mantine/core';
import { StatusTag } from '../../components';

// A mail of the queue as the API lists it (GET /api/bookings/{id}/emails, GET /api/outbox), and its result tag.

export type QueuedMail = {
  id: number;
  template_label: string | null;
  recipient: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  user: { id: number; full_name: string } | null;
};

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
