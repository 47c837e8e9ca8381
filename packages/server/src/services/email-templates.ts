import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { sanitizeEmailHtml } from '../mail/html.js';

// The email templates' one home: the fixed set (confirmation, pre-flight information, convocation, postponement,
// cancellation, tickets, password links, and what later issues added), seeded once by the migrations, after which
// staff edit subject and body; the rule their bodies follow; and the lookup the mails render from
// (mail/templates.ts, mail/compose.ts). The resource (resources/email-templates.ts) declares the list and the
// update. Variables are plain text placeholders substituted by the mailer, never evaluated.

/** Stored bodies pass the allow-list every mail passes again once its variables are in (mail/html.ts). */
export const sanitizeEmailBody = (html: string): string => sanitizeEmailHtml(html);

/** The subject and body of the template of this slug, as staff last saved them. */
export const findEmailTemplate = (db: Kysely<DB> | Transaction<DB>, slug: string) =>
  db.selectFrom('email_templates').select(['subject', 'body']).where('slug', '=', slug).executeTakeFirst();

export type EmailTemplateSeed = { slug: string; label: string; subject: string; body: string; variables: string[] };

const BOOKING_VARS = [
  '{{booking.number}}',
  '{{customer.full_name}}',
  '{{referent.full_name}}',
  '{{booking.passengers_number}}',
];
const FLIGHT_VARS = ['{{flight.date}}', '{{flight.time}}', '{{flight.location}}', '{{passenger.full_name}}'];
const SIGN = '<p>À très bientôt dans les airs,<br>{{company.name}}</p>';

export const EMAIL_TEMPLATES: EmailTemplateSeed[] = [
  {
    slug: 'booking-confirmation',
    label: 'Confirmation de réservation',
    subject: 'Confirmation de votre réservation {{booking.number}}',
    body: `<p>Bonjour {{referent.full_name}},</p><p>Nous confirmons votre réservation n° {{booking.number}} pour {{booking.passengers_number}} passager(s).</p>${SIGN}`,
    variables: [...BOOKING_VARS, '{{company.name}}'],
  },
  {
    slug: 'pre-flight-information',
    label: 'Informations avant le vol',
    subject: 'Préparer votre vol en montgolfière',
    body: `<p>Bonjour {{referent.full_name}},</p><p>Voici les informations utiles avant votre vol : tenue, horaires et point de rendez-vous.</p>${SIGN}`,
    variables: [...BOOKING_VARS, '{{company.name}}'],
  },
  {
    slug: 'flight-convocation',
    label: 'Convocation au vol',
    subject: 'Convocation : vol du {{flight.date}} à {{flight.time}}',
    body: `<p>Bonjour {{passenger.full_name}},</p><p>Vous êtes attendu(e) le {{flight.date}} à {{flight.time}} à {{flight.location}}.</p>${SIGN}`,
    variables: [...FLIGHT_VARS, '{{company.name}}'],
  },
  {
    slug: 'flight-weather-postponed',
    label: 'Vol reporté (météo)',
    subject: 'Votre vol du {{flight.date}} est reporté',
    body: `<p>Bonjour {{passenger.full_name}},</p><p>Les conditions météorologiques ne permettent pas d'assurer le vol du {{flight.date}}. Nous revenons vers vous pour une nouvelle date.</p>${SIGN}`,
    variables: [...FLIGHT_VARS, '{{company.name}}'],
  },
  {
    slug: 'flight-canceled',
    label: 'Vol annulé',
    subject: 'Annulation de votre vol du {{flight.date}}',
    body: `<p>Bonjour {{passenger.full_name}},</p><p>Nous sommes au regret de vous informer que le vol du {{flight.date}} est annulé.</p>${SIGN}`,
    variables: [...FLIGHT_VARS, '{{company.name}}'],
  },
  {
    slug: 'tickets',
    label: 'Billets',
    subject: 'Vos billets pour la réservation {{booking.number}}',
    body: `<p>Bonjour {{referent.full_name}},</p><p>Vous trouverez ci-joint vos billets.</p>${SIGN}`,
    variables: [...BOOKING_VARS, '{{company.name}}'],
  },
  {
    slug: 'password-reset',
    label: 'Réinitialisation du mot de passe',
    subject: 'Réinitialisation de votre mot de passe',
    body: '<p>Bonjour {{user.first_name}},</p><p>Pour choisir un nouveau mot de passe, suivez ce lien : <a href="{{link}}">{{link}}</a></p><p>Ce lien expire dans 60 minutes. Si vous n\'êtes pas à l\'origine de cette demande, ignorez ce message.</p>',
    variables: ['{{user.first_name}}', '{{link}}'],
  },
  {
    slug: 'first-login',
    label: 'Première connexion',
    subject: 'Votre accès au back-office',
    body: '<p>Bonjour {{user.first_name}},</p><p>Un compte a été créé pour vous. Choisissez votre mot de passe en suivant ce lien : <a href="{{link}}">{{link}}</a></p><p>Ce lien expire dans 7 jours.</p>',
    variables: ['{{user.first_name}}', '{{link}}'],
  },
];

/**
 * The answers to a registration request from the public planning (issue 11), seeded by migration 0018 (kept out of
 * EMAIL_TEMPLATES so the earlier migration that seeds those stays as it ran).
 */
export const REGISTRATION_REQUEST_TEMPLATES: EmailTemplateSeed[] = [
  {
    slug: 'registration-request-accepted',
    label: "Demande d'inscription acceptée",
    subject: 'Votre inscription au vol du {{flight.date}} est confirmée',
    body: `<p>Bonjour {{referent.full_name}},</p><p>Votre demande est acceptée : les passagers de la réservation n° {{booking.number}} sont inscrits sur le vol du {{flight.date}} à {{flight.time}} ({{flight.location}}).</p>${SIGN}`,
    variables: [...BOOKING_VARS, '{{flight.date}}', '{{flight.time}}', '{{flight.location}}', '{{company.name}}'],
  },
  {
    slug: 'registration-request-refused',
    label: "Demande d'inscription refusée",
    subject: 'Votre demande pour le vol du {{flight.date}}',
    body: `<p>Bonjour {{referent.full_name}},</p><p>Nous ne pouvons malheureusement pas inscrire la réservation n° {{booking.number}} sur le vol du {{flight.date}} à {{flight.time}}. Choisissez une autre date sur notre planning ou contactez-nous.</p>${SIGN}`,
    variables: [...BOOKING_VARS, '{{flight.date}}', '{{flight.time}}', '{{flight.location}}', '{{company.name}}'],
  },
];

/** The booking's weather postponements (issue 29), offered by every template that knows the booking (0029). */
export const WEATHER_POSTPONEMENTS_VARIABLE = '{{booking.weather_postponements}}';

/**
 * Issue 29: the customer's written copy of an extension of the voucher (automatic rules after weather
 * postponements), with the new date and the reason; seeded by migration 0029.
 */
export const VALIDITY_EXTENDED_TEMPLATE: EmailTemplateSeed = {
  slug: 'validity-extended',
  label: 'Prolongation de validité',
  subject: 'Prolongation de votre bon {{booking.number}}',
  body: `<p>Bonjour {{referent.full_name}},</p><p>La validité de votre réservation n° {{booking.number}} est prolongée jusqu'au {{validity.date}}.</p><p>Motif : {{validity.reason}}</p><p>Conservez ce message : il vaut attestation de la prolongation.</p>${SIGN}`,
  variables: [
    ...BOOKING_VARS.slice(0, 1),
    WEATHER_POSTPONEMENTS_VARIABLE,
    ...BOOKING_VARS.slice(1),
    '{{validity.date}}',
    '{{validity.reason}}',
    '{{company.name}}',
  ],
};

/** Issue 28: the booking's private space (/espace/{token}); a mail using it creates a link (services/booking-space.ts). */
export const SPACE_URL_VARIABLE = '{{booking.space_url}}';

/** The paragraph migration 0030 puts in the confirmation and the weather postponement mails. */
export const SPACE_URL_PARAGRAPHS: Record<string, string> = {
  'booking-confirmation': `<p>Complétez les noms et poids de vos passagers et choisissez vos dates dans votre espace : <a href="${SPACE_URL_VARIABLE}">${SPACE_URL_VARIABLE}</a></p>`,
  'flight-weather-postponed': `<p>Choisissez un nouveau vol dans votre espace : <a href="${SPACE_URL_VARIABLE}">${SPACE_URL_VARIABLE}</a></p>`,
};

/** Issue 28: the space link sent to a gift's beneficiary rather than to its buyer; seeded by migration 0030. */
export const GIFT_SPACE_TEMPLATE: EmailTemplateSeed = {
  slug: 'gift-space',
  label: 'Bon cadeau : votre espace',
  subject: 'Votre bon cadeau {{booking.number}} : votre espace',
  body: `<p>Bonjour {{beneficiary.full_name}},</p><p>{{customer.full_name}} vous offre un vol en montgolfière (bon n° {{booking.number}}). Renseignez vos passagers et choisissez vos dates dans votre espace : <a href="${SPACE_URL_VARIABLE}">${SPACE_URL_VARIABLE}</a></p>${SIGN}`,
  variables: [
    '{{booking.number}}',
    '{{beneficiary.full_name}}',
    '{{customer.full_name}}',
    '{{booking.passengers_number}}',
    SPACE_URL_VARIABLE,
    '{{company.name}}',
  ],
};
