import { COMPANY_ADDRESS_MAX_LENGTH, COMPANY_ADDRESS_MAX_LINES, type QueuedMail } from '@app/domain';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { outboxRead, sendTestMail } from '../../api/endpoints/mail';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { type DataColumn, DataTable, MailStatusTag, mailDate, notifyFailure, notifySuccess } from '../../components';
import { CompanyDetailsAlert } from './CompanyDetailsAlert';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/emails/global-settings (issue 10): who the mails come from, where answers go, the operator's name and
// details (also printed on tickets and flight plans; a warning while they are missing, issue 27), and the signature
// appended to every mail.

const FIELDS: SettingField[] = [
  { key: 'company_name', label: "Nom de l'exploitant", kind: 'text' },
  { key: 'company_phone', label: "Téléphone de l'exploitant", kind: 'text' },
  {
    key: 'company_address',
    label: "Adresse de l'exploitant",
    kind: 'textarea',
    maxLength: COMPANY_ADDRESS_MAX_LENGTH,
    description: `Imprimée sur les billets, ${COMPANY_ADDRESS_MAX_LINES} lignes au plus.`,
  },
  { key: 'company_email', label: "Email de l'exploitant", kind: 'email' },
  {
    key: 'company_website',
    label: "Site web de l'exploitant",
    kind: 'text',
    description: 'Facultatif, par exemple www.ballons-de-bourgogne.fr.',
  },
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
  const invalidate = useInvalidate();
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { recipient } = await sendTestMail();
      notifySuccess(`Email de test envoyé à ${recipient}`);
      void invalidate('outbox');
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

/**
 * The outbox (GET /api/outbox): the last mails and their result, so an administrator sees what waits while SMTP is
 * not set or down, and what failed.
 */
function Outbox() {
  const result = useApiQuery(outboxRead, {
    failure: "Erreur de chargement de la boîte d'envoi",
    refetchInterval: 10_000,
  });
  const columns: DataColumn<QueuedMail>[] = [
    {
      label: 'Date',
      key: 'date',
      render: mailDate,
    },
    { label: 'Destinataire', field: 'recipient' },
    { label: 'Objet', key: 'subject', render: (m) => m.template_label ?? m.subject },
    {
      label: 'Résultat',
      key: 'status',
      render: (m) => <MailStatusTag mail={m} />,
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
      <DataTable<QueuedMail>
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
      notice={<CompanyDetailsAlert />}
    >
      <TestMail />
      <Outbox />
    </SettingsForm>
  );
}
