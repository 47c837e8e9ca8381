import { REQUIRED } from '@app/domain';

// French messages of the auth area, shared by the hooks, the routes and the tests (one wording, one place); those of
// the account fields are the domain's (schemas/accounts.ts).

export const MESSAGES = {
  unauthenticated: 'Non authentifié.',
  csrf: 'Session expirée, veuillez recharger la page.',
  forbidden: 'Action non autorisée.',
  suOnly: 'Action réservée au super utilisateur.',
  apiClientForbidden: "Cette clé d'API ne donne pas accès à cette ressource.",
  maintenance: 'Application en maintenance.',
  loginFailed: 'Ces identifiants ne correspondent pas à nos enregistrements.',
  forgotPassword:
    'Si un compte correspond à cette adresse, un email contenant un lien de réinitialisation vient de lui être envoyé.',
  resetInvalid: 'Ce lien de réinitialisation est invalide ou a expiré.',
  firstLoginInvalid: 'Ce lien de première connexion est invalide ou a expiré.',
  passwordReset: 'Votre mot de passe a été réinitialisé.',
  passwordChanged: 'Votre mot de passe a été modifié.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  required: REQUIRED,
  emailTaken: 'Cette adresse email est déjà utilisée.',
  unknownRole: "Ce rôle n'existe pas.",
  suRoleReserved: 'Seul un super utilisateur peut attribuer le rôle super utilisateur ou modifier un tel compte.',
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
  selfDelete: 'Vous ne pouvez pas supprimer votre propre compte.',
  userNotFound: 'Utilisateur introuvable.',
  alreadyActivated: 'Cet utilisateur a déjà choisi son mot de passe : il peut utiliser « Mot de passe oublié ».',
  invitationFailed: "L'envoi de l'email d'invitation a échoué.",
  unknownCapability: (slug: string) => `Capacité inconnue : ${slug}.`,
  roleNotFound: 'Rôle introuvable.',
  apiClientNotFound: "Clé d'API introuvable.",
  throttled: (minutes: number) =>
    `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
} as const;
