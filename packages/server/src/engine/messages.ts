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
  pathTooDeep: (parameter: string, path: string, max: number) =>
    `Paramètre ${q(parameter)} : le chemin ${q(path)} traverse plus de ${max} relations.`,
  pathWalksBack: (parameter: string, path: string) =>
    `Paramètre ${q(parameter)} : le chemin ${q(path)} revient sur la relation qu’il vient de suivre.`,
  tooManyFilters: (max: number) => `Le paramètre « filters » accepte au plus ${max} conditions.`,
  tooManyPaths: (parameter: string, max: number) => `Le paramètre ${q(parameter)} accepte au plus ${max} éléments.`,
  tooManyValues: (name: string, max: number) => `Le filtre ${q(name)} accepte au plus ${max} valeurs.`,
  valueTooLong: (name: string, max: number) => `La valeur du filtre ${q(name)} dépasse ${max} caractères.`,
  controlCharacter: (parameter: string) => `Le paramètre ${q(parameter)} contient un caractère de contrôle.`,
  searchTooLong: (max: number) => `La recherche ne peut pas dépasser ${max} caractères.`,
  perPageWithoutPage: 'Le paramètre « per_page » demande une pagination (« page »).',
  tooManyRows: (max: number) =>
    `Plus de ${max} éléments correspondent : demandez-les page par page (paramètre « page »).`,
  embedTooLarge: (path: string, max: number) =>
    `Paramètre « embed » : la relation ${q(path)} apporte plus de ${max} éléments ; réduisez la page ou les filtres.`,
  answerTooLarge: (max: number) =>
    `Paramètre « embed » : la réponse dépasserait ${max} éléments ; réduisez la page, les filtres ou les relations.`,
  apiClientForbidden: (parameter: string, name: string) =>
    `Une clé d'API ne peut pas lire ${q(name)} (paramètre ${q(parameter)}).`,
} as const;
