// The outbox's contract: the mails waiting to leave.

export const OUTBOX_PATH = '/api/outbox';
