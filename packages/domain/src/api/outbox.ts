// The outbox's contract: the mails waiting to leave.

export const OUTBOX_PATH = '/api/outbox';

/** A mail of the outbox (or of a booking's mails) without its body, with its template's label and its sender. */
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
