// French messages of the 400 answers of the list-query language (docs/api.md quotes them).
const q = (name: string) => `« ${name} »`;

export const queryMessages = {
  unknownField: (name: string) => `Champ inconnu : ${q(name)}.`,
  unknownRelation: (name: string) => `Relation inconnue : ${q(name)}.`,
  unknownAppend: (name: string) => `Ajout inconnu : ${q(name)}.`,
  notFilterable: (name: string) => `Le champ ${q(name)} ne peut pas servir de filtre.`,
  notSortable: (name: string) => `Le champ ${q(name)} ne peut pas servir de tri.`,
  notSummable: (name: string) => `Le champ ${q(name)} ne peut pas être totalisé.`,
  notCountable: (name: string) => `La relation ${q(name)} ne peut pas être comptée.`,
  operatorNotAllowed: (op: string, name: string) => `L'opérateur ${q(op)} ne s'applique pas au champ ${q(name)}.`,
  unknownOperator: (op: string) => `Opérateur inconnu : ${q(op)}.`,
  invalidValue: (name: string, value: string) => `Valeur invalide pour le champ ${q(name)} : ${q(value)}.`,
  missingValue: (name: string) => `Valeur manquante pour le champ ${q(name)}.`,
  searchUnavailable: 'La recherche n’est pas disponible sur cette ressource.',
  sumWithoutPage: 'Le paramètre « sum » demande une pagination (« page »).',
  pageOnDetail: 'Le paramètre « page » ne s’applique pas à la lecture d’un élément.',
  invalidPage: 'Numéro de page invalide.',
  invalidPerPage: (max: number) => `Le nombre d'éléments par page doit être compris entre 1 et ${max}.`,
} as const;
