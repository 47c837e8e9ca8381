import { bookingPath, type SpaceLinkState } from '@app/domain';
import { Button, CopyButton, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { api, request } from '../../api/client';
import { useApiMutation, useApiQuery, useInvalidate } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { confirmDelete, FormModal, SummaryCard } from '../../components';
import { formatDate, formatStamp } from '../../lib/format';
import { useDialog } from '../../lib/use-dialog';
import type { Booking } from './booking-model';

// Issue 28: the booking's block of the customer's space. The link is shown once, when made ('Nouveau lien'): the
// server keeps only its hash, so it cannot show it again; a new one replaces it. 'Envoyer par email' sends the
// confirmation (which carries a link) to the buyer, or 'Bon cadeau : votre espace' to a gift's beneficiary.

const stampText = (value: string | null) => (value ? formatStamp(value) : null);

/** 'Complété par le client le 27/11/2026 16:05', shown wherever the booking is. */
export const completedByCustomerText = (booking: Pick<Booking, 'completed_by_customer_at'>) =>
  booking.completed_by_customer_at ? `Complété par le client le ${stampText(booking.completed_by_customer_at)}` : null;

export function BookingSpaceCard({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const invalidate = useInvalidate();
  const endpoint = `${bookingPath(booking.id)}/space-link`;
  const [created, setCreated] = useState<{ url: string; expires_at: string } | null>(null);
  const [recipient, setRecipient] = useState<'buyer' | 'beneficiary'>('buyer');
  const dialog = useDialog<'send'>();
  // Silent when it cannot be read: the card then offers to create a link, which says its own failure.
  const state = useApiQuery(getRead<SpaceLinkState>('bookings', endpoint, ['space-link', booking.id]), {
    failure: null,
  });
  const reload = () => invalidate('bookings');
  const create = useApiMutation({
    write: () => api.post<{ url: string; expires_at: string }>(endpoint),
    invalidates: ['bookings'],
    failure: "Le lien de l'espace client n'a pas pu être créé",
    onSuccess: (answer) => setCreated(answer),
  });
  const link = state.data;
  const hasBeneficiary = Boolean(booking.beneficiary_email);
  const completed = completedByCustomerText(booking);

  return (
    <SummaryCard
      title="Espace client"
      actions={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMail size={14} aria-hidden />}
          disabled={!isEditable}
          onClick={() => {
            setRecipient(hasBeneficiary ? 'beneficiary' : 'buyer');
            dialog.open('send');
          }}
        >
          Envoyer par email
        </Button>
      }
    >
      <Stack gap="xs">
        {completed && (
          <Text size="sm" fw={600} c="teal.8">
            {completed}
          </Text>
        )}
        <Text size="sm">
          {link?.is_active
            ? `Lien actif depuis le ${stampText(link.created_at)}, valable jusqu'au ${formatDate(link.expires_at)}.`
            : 'Aucun lien actif.'}
        </Text>
        <Text size="sm" c="dimmed">
          {link?.last_used_at
            ? `Dernière visite du client : ${stampText(link.last_used_at)}`
            : "Le client n'a pas encore ouvert son espace."}
        </Text>
        {booking.beneficiary_name || booking.beneficiary_email ? (
          <Text size="sm">
            Bénéficiaire : {[booking.beneficiary_name, booking.beneficiary_email].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
        {created && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Lien de l'espace client"
              readOnly
              value={created.url}
              style={{ flex: 1 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copié' : 'Copier le lien'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconLink size={14} aria-hidden />}
            onClick={() => create.mutate()}
            loading={create.isPending}
            disabled={!isEditable}
          >
            {link?.is_active ? 'Nouveau lien' : 'Créer un lien'}
          </Button>
          {link?.is_active && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={async () => {
                const isDone = await confirmDelete({
                  title: 'Révoquer le lien',
                  message: "Les liens déjà envoyés n'ouvriront plus l'espace client de cette réservation.",
                  onConfirm: () => request<void>(endpoint, { method: 'DELETE' }),
                  failureMessage: "Le lien n'a pas pu être révoqué",
                  successMessage: 'Lien révoqué',
                });
                if (isDone) {
                  setCreated(null);
                  await reload();
                }
              }}
            >
              Révoquer
            </Button>
          )}
        </Group>
        {link?.is_active && (
          <Text size="xs" c="dimmed">
            Un nouveau lien remplace ceux déjà envoyés.
          </Text>
        )}
      </Stack>
      {dialog.value === 'send' && (
        <FormModal<{ recipient: string }>
          key={dialog.key}
          opened={dialog.opened}
          onClose={dialog.close}
          title="Envoyer le lien de l'espace client"
          size="md"
          submitLabel="Envoyer"
          successMessage="Email envoyé"
          failureMessage={(error) => {
            const message = (error as { body?: { message?: string } } | null)?.body?.message;
            return message?.startsWith('Aucun') ? message : "L'envoi de l'email a échoué";
          }}
          onSubmit={() => api.post<{ recipient: string }>(`${endpoint}/email`, { to: recipient })}
          onSaved={() => {
            void reload();
          }}
        >
          <Radio.Group
            name="recipient"
            label="Destinataire"
            required
            value={recipient}
            onChange={(value) => setRecipient(value as 'buyer' | 'beneficiary')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="buyer"
                label="Le client"
                description="La confirmation de réservation, avec le lien, au passager référent ou au client."
              />
              <Radio
                value="beneficiary"
                disabled={!hasBeneficiary}
                label={hasBeneficiary ? `Le bénéficiaire (${booking.beneficiary_email})` : 'Le bénéficiaire'}
                description={
                  hasBeneficiary
                    ? '« Bon cadeau : votre espace », au nom du bénéficiaire.'
                    : "Renseignez l'email du bénéficiaire dans les informations générales."
                }
              />
            </Stack>
          </Radio.Group>
        </FormModal>
      )}
    </SummaryCard>
  );
}
