import { MAIL_TEST_PATH, OUTBOX_PATH, type QueuedMail } from '@app/domain';
import { api } from '../client';
import { getRead } from '../reads';

// The outbox's read and the test mail.

/** The last mails and their result. */
export const outboxRead = getRead<QueuedMail[]>('outbox', OUTBOX_PATH);

/** Queues a mail to the signed-in user; answers where it goes. */
export const sendTestMail = () => api.post<{ recipient: string }>(MAIL_TEST_PATH);
