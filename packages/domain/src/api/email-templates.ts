// The email templates' contract.

export const EMAIL_TEMPLATES_PATH = '/api/email-templates';
