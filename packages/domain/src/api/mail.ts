// The mail's contract: POST sends a test mail, answering its recipient.

export const MAIL_TEST_PATH = '/api/mail/test';
