import { Button, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { type DataColumn, DataTable, notifyFailure, notifySuccess, StatusTag } from '../../components';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/emails/global-settings (issue 10): who the mails come from, where answers go, the operator's name and
// contact (also printed on tickets and flight plans), and the signature appended to every mail.

const FIELDS: SettingField[] = [
  { key: 'company_name', label: "Nom de l'exploitant", kind: 'text' },
  { key: 'company_phone', label: "Téléphone de l'exploitant", kind: 'text' },
  { key: 'company_email', label: "Email de l'exploitant", kind: 'email' },
  { key: 'mail_sender_name', label: "Nom de l'expéditeur", kind: 'text' },
  { key: 'mail_sender_email', label: "Adresse de l'expéditeur", kind: 'email' },
  {
    key: 'mail_reply_to',
    label: 'Adresse de réponse',
    kind: 'email',
    description: 'Les réponses des clients arrivent ici.',
  },
  { key: 'email_signature', label: 'Signature ajoutée à chaque email', kind: 'richtext' },
];

/** A mail to oneself through the real queue, to check the sender, the signature and the SMTP settings. */
function TestMail() {
  const client = useQueryClient();
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { recipient } = await api.post<{ recipient: string }>('/api/mail/test');
      notifySuccess(`Email de test envoyé à ${recipient}`);
      void client.invalidateQueries({ queryKey: ['/api/outbox'] });
    } catch (error) {
      notifyFailure("L'envoi de l'email de test a échoué", error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Enregistrez, puis envoyez-vous un email pour vérifier l'expéditeur et la signature.
        </Text>
        <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={send} loading={isSending}>
          M'envoyer un email de test
        </Button>
      </Group>
    </Paper>
  );
}

type OutboxMail = {
  id: number;
  template_label: string | null;
  recipient: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  created_at: string;
  sent_at: string | null;
};

const STATUS = {
  pending: { label: 'En attente', color: 'warning' },
  sent: { label: 'Envoyé', color: 'success' },
  failed: { label: 'Échec', color: 'danger' },
} as const;

/**
 * The outbox (GET /api/outbox): the last mails and their result, so an administrator sees what waits while SMTP is
 * not set or down, and what failed.
 */
function Outbox() {
  const result = useQuery({
    queryKey: ['/api/outbox'],
    queryFn: ({ signal }) => api.get<OutboxMail[]>('/api/outbox', undefined, signal),
    refetchInterval: 10_000,
  });
  useEffect(() => {
    if (result.isError) notifyFailure("Erreur de chargement de la boîte d'envoi", result.error);
  }, [result.isError, result.error]);
  const columns: DataColumn<OutboxMail>[] = [
    {
      label: 'Date',
      key: 'date',
      render: (m) =>
        new Date(m.sent_at ?? m.created_at).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' }),
    },
    { label: 'Destinataire', field: 'recipient' },
    { label: 'Objet', key: 'subject', render: (m) => m.template_label ?? m.subject },
    {
      label: 'Résultat',
      key: 'status',
      render: (m) => (
        <Tooltip label={m.error ?? `${m.attempts} tentative${m.attempts > 1 ? 's' : ''}`}>
          <StatusTag size="small" color={STATUS[m.status].color}>
            {STATUS[m.status].label}
          </StatusTag>
        </Tooltip>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="md" mb="xs">
        Boîte d'envoi
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Les 200 derniers emails. Sans serveur d'envoi (SMTP) configuré, ils restent en attente ici.
      </Text>
      <DataTable<OutboxMail>
        label="Boîte d'envoi"
        columns={columns}
        rows={(result.data ?? []).slice(0, 50)}
        isLoading={result.isLoading}
      />
    </Paper>
  );
}

export default function EmailGlobalSettingsPage() {
  return (
    <SettingsForm
      title="Paramètres généraux des emails"
      fields={FIELDS}
      loadFailedMessage="Erreur de chargement des paramètres des emails"
    >
      <TestMail />
      <Outbox />
    </SettingsForm>
  );
}
