import { flightPath } from '@app/domain';
import { Anchor, List, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../api/client';
import { FlagSwitch, FormModal, notifyFailure, notifyWarning } from '../../../components';
import { formatLongDate, formatTime } from '../../../lib/format';
import type { Flight } from '../flight-model';

// Issue 12 point 2: choosing 'Reporté - météo' in the status dialog opens this one. It says what the action does,
// lets staff choose whether each referent gets the 'vol reporté météo' mail, and runs it all in one call
// (POST /api/flights/{id}/postpone, one transaction on the server). Undo is the ordinary status change back.

export type PostponementResult = {
  passengers: number;
  bookings: number;
  queued: number;
  skipped: { booking_id: number; number: string }[];
  /** Whether the queued mails leave by themselves, or wait in the outbox until an SMTP server is set. */
  smtp_configured: boolean;
};

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export function PostponeFlightDialog({
  flight,
  bookings,
  opened,
  onClose,
  onSaved,
}: {
  flight: Pick<Flight, 'id' | 'scheduled_date' | 'scheduled_time' | 'passengers_count'>;
  /** The bookings on the flight (its page has them loaded). */
  bookings: number;
  opened: boolean;
  onClose: () => void;
  onSaved: (result: PostponementResult) => void;
}) {
  const [sendMail, setSendMail] = useState<0 | 1>(1);
  const day = formatLongDate(flight.scheduled_date);
  const passengers = flight.passengers_count;
  return (
    <FormModal<PostponementResult>
      opened={opened}
      onClose={onClose}
      title="Reporter le vol (météo)"
      size="lg"
      submitLabel="Reporter le vol"
      failureMessage="Le report du vol a échoué"
      successMessage={null}
      onSubmit={() => api.post<PostponementResult>(`${flightPath(flight.id)}/postpone`, { send_mail: sendMail })}
      onSaved={onSaved}
    >
      <Text size="sm">
        {`Le vol du ${day} à ${formatTime(flight.scheduled_time)} passera au statut « Reporté - météo ». En une seule action :`}
      </Text>
      <List size="sm" spacing={4} aria-label="Ce que fait le report">
        <List.Item>
          {passengers > 0
            ? `${plural(passengers, 'passager', 'passagers')} de ${plural(bookings, 'réservation', 'réservations')} ${passengers > 1 ? 'seront désinscrits' : 'sera désinscrit'} du vol ; leur liste reste dans l'historique du vol.`
            : "Aucun passager n'est inscrit sur ce vol."}
        </List.Item>
        {passengers > 0 && (
          <>
            <List.Item>
              {`Leurs réservations ouvertes repassent « En attente » et la date du ${day} est retirée de leurs dates demandées.`}
            </List.Item>
            <List.Item>Une note est écrite sur chaque réservation.</List.Item>
          </>
        )}
        <List.Item>
          {
            "Pour annuler le report, remettez le vol au statut « Planifié » tant que personne n'a été réinscrit ailleurs."
          }
        </List.Item>
      </List>
      <FlagSwitch
        label="Envoyer le mail « vol reporté météo » au référent de chaque réservation"
        value={sendMail}
        onChange={setSendMail}
        disabled={passengers === 0}
      />
    </FormModal>
  );
}

/**
 * What the postponement did, said once it is done. The mails are queued, not yet sent, when the answer comes: said
 * so, rather than 'envoyés' for mails that may wait in the outbox.
 */
export function postponementMessage(result: PostponementResult): string {
  const mails =
    result.queued > 0 ? `, ${plural(result.queued, "mail en attente d'envoi", "mails en attente d'envoi")}` : '';
  return `Vol reporté : ${plural(result.passengers, 'passager désinscrit', 'passagers désinscrits')}${mails}`;
}

/** Without an SMTP server the queued mails stay in the outbox: said, with the way to it for those who may open it. */
export function notifyWaitingMails(result: PostponementResult, outboxHref: string | null): void {
  if (result.queued === 0 || result.smtp_configured) return;
  notifyWarning(
    <>
      {`Aucun serveur d'envoi (SMTP) n'est configuré : ${result.queued > 1 ? 'les mails restent' : 'le mail reste'} dans la boîte d'envoi. `}
      {outboxHref && <Anchor href={outboxHref}>Voir la boîte d'envoi</Anchor>}
    </>,
  );
}

export function notifySkipped(result: PostponementResult): void {
  if (result.skipped.length) notifyFailure(`Sans adresse email : ${result.skipped.map((b) => b.number).join(', ')}`);
}
