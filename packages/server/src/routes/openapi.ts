import {
  AUTH_MESSAGES,
  MESSAGES as DOMAIN_MESSAGES,
  partnerErrorSchema,
  partnerFlightPageSchema,
  partnerFlightSchema,
  partnerPlanningDaySchema,
  partnerPlanningFlightSchema,
  partnerPlanningRangeSchema,
  planningDayRequestSchema,
  planningRangeRequestSchema,
  publicPlanningSchema,
  publicRegistrationRequestSchema,
  registrationRequestReceivedSchema,
  remoteOrderStoredSchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../services/remote-order-formats.js';

// GET /api/openapi.json: the machine-readable description of what a partner's program may call (issue 32): the
// routes an API key reaches (the read-only planning and the order files) and the public widget's, in OpenAPI 3.1.
// Every answer's shape comes from the zod schemas of packages/domain (partner-api.ts), the same ones the server's
// tests check its real answers against. Anyone may read it: it describes no data, only the contract.

/** The answers' schemas, each a component named by its zod `id`, in the order a reader meets them. */
const COMPONENTS = [
  partnerErrorSchema,
  partnerFlightSchema,
  partnerFlightPageSchema,
  planningDayRequestSchema,
  planningRangeRequestSchema,
  partnerPlanningFlightSchema,
  partnerPlanningDaySchema,
  partnerPlanningRangeSchema,
  remoteOrderStoredSchema,
  publicPlanningSchema,
  registrationRequestReceivedSchema,
];

type JsonSchema = Record<string, unknown>;

function components(): Record<string, JsonSchema> {
  const ids = new Set(COMPONENTS.map((schema) => z.globalRegistry.get(schema)?.id));
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  });
  const kept: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    if (!ids.has(id)) continue;
    // A component is a plain schema of the document: its own dialect and address are the document's.
    const { $schema: _dialect, $id: _address, ...rest } = schema as JsonSchema;
    kept[id] = rest;
  }
  return kept;
}

/** A request body as the caller writes it (before the server's trimming), inlined. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const answer = (description: string, id: string) => ({ description, content: json(ref(id)) });
const error = (description: string, example: string) => ({
  description,
  content: { 'application/json': { schema: ref('Erreur'), example: { message: example } } },
});

/** The refusals every route of a key may answer, in French as the server sends them. */
const KEY_ERRORS = {
  '401': error('Clé absente, inconnue ou supprimée.', AUTH_MESSAGES.unauthenticated),
  '403': error(
    "Ce que la clé demande lui est refusé (route ou champ qu'une clé ne lit pas).",
    AUTH_MESSAGES.apiClientForbidden,
  ),
};
/** A write without the Authorization header is taken for a browser's: refused as a forged request. */
const NO_KEY_WRITE = {
  '419': error('Écriture sans clé (en-tête Authorization absent) ni session.', AUTH_MESSAGES.csrf),
};
const COMMON_ERRORS = {
  '503': error(
    'Maintenance, ou base momentanément indisponible (en-tête Retry-After) : rien n’a été modifié, réessayez.',
    'Le service est momentanément indisponible. Réessayez dans quelques instants.',
  ),
};

const listParameter = (name: string, description: string, example?: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string' },
  ...(example ? { example } : {}),
});

function paths(): Record<string, unknown> {
  const key = [{ cleApi: [] }];
  return {
    '/api/flights': {
      get: {
        operationId: 'listerVols',
        summary: 'Vols (planning en lecture seule)',
        description:
          "Les vols avec leur date, heure, lieu, prestation, ballon et places restantes ; jamais l'équipage ni les passagers. " +
          'Langage de requête de docs/api.md, limité aux champs et relations ouverts aux clés. Sans « page » : un tableau ' +
          '(1000 vols au plus) ; avec « page » : une page de 10 (ou « per_page », 100 au plus).',
        security: key,
        parameters: [
          listParameter(
            'filters',
            'Conditions « champ|opérateur|valeur » séparées par des virgules.',
            'scheduled_date|>=|2026-06-01,is_public|=|1',
          ),
          listParameter(
            'embed',
            'Relations à joindre : location, balloon, prestation, flight_type, flight_status.',
            'location,prestation',
          ),
          listParameter('order', 'Tri « champ|ASC » ou « champ|DESC ».', 'scheduled_date|ASC'),
          listParameter('has', 'Garder les vols ayant la relation.'),
          listParameter('hasnot', "Garder les vols n'ayant pas la relation."),
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
          { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
        responses: {
          '200': {
            description: 'Les vols (un tableau sans « page », une page avec).',
            content: json({ oneOf: [{ type: 'array', items: ref('Vol') }, ref('PageDeVols')] }),
          },
          '400': error('Paramètre invalide (champ, relation, opérateur, valeur, limite).', 'Champ inconnu : « nope ».'),
          ...KEY_ERRORS,
          ...COMMON_ERRORS,
        },
      },
    },
    '/api/flights/{id}': {
      get: {
        operationId: 'lireVol',
        summary: 'Un vol',
        security: key,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          listParameter('embed', 'Relations à joindre (comme pour la liste).', 'location,balloon'),
        ],
        responses: {
          '200': answer('Le vol.', 'Vol'),
          '400': error('Paramètre invalide.', 'Relation inconnue : « pilot ».'),
          ...KEY_ERRORS,
          '404': error('Aucun vol de ce numéro.', 'Élément introuvable.'),
          ...COMMON_ERRORS,
        },
      },
    },
    '/api/planning/day': {
      post: {
        operationId: 'planningJournee',
        summary: "Le planning d'une journée",
        description:
          'Les vols du jour avec leur lieu, ballon, type, statut et places restantes, et le nombre de passagers en attente ' +
          "demandant ce jour ; ni pilote, ni poids, ni notes ou événements de l'équipe.",
        security: key,
        requestBody: { required: true, content: json(ref('DemandeJournee')) },
        responses: {
          '200': answer('Le planning du jour.', 'PlanningJournee'),
          ...KEY_ERRORS,
          ...NO_KEY_WRITE,
          '422': error("« day » n'est pas une date AAAA-MM-JJ.", DOMAIN_MESSAGES.unexpectedFlightParameter),
          ...COMMON_ERRORS,
        },
      },
    },
    '/api/planning/range': {
      post: {
        operationId: 'planningPeriode',
        summary: "Le planning d'une période (semaine, mois)",
        security: key,
        requestBody: { required: true, content: json(ref('DemandePeriode')) },
        responses: {
          '200': answer('Les vols de la période et les passagers en attente par jour.', 'PlanningPeriode'),
          ...KEY_ERRORS,
          ...NO_KEY_WRITE,
          '422': error('Dates invalides, ou période de plus de 42 jours.', 'La période doit compter de 1 à 42 jours.'),
          ...COMMON_ERRORS,
        },
      },
    },
    '/api/remote-orders': {
      post: {
        operationId: 'deposerCommandes',
        summary: 'Déposer un fichier de commandes',
        description:
          'Un fichier JSON (une commande) ou CSV (une ligne par passager, « ; » comme séparateur) aux formats de ' +
          "docs/api.md, déposé en attente d'import ; l'équipe l'importe depuis la page des commandes à distance. " +
          'Ouvert seulement quand l’import des commandes à distance est activé.',
        security: key,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: `Le fichier (.json ou .csv, ${MAX_FILE_BYTES / 1024 / 1024} Mo au plus).`,
                  },
                },
                required: ['file'],
              },
            },
          },
        },
        responses: {
          '201': answer('Fichier reçu, en attente de son import.', 'FichierDepose'),
          '400': error('Nom ou extension de fichier refusés, envoi invalide.', 'Envoi de fichier invalide.'),
          ...KEY_ERRORS,
          '403': error(
            'Import désactivé, ou route refusée à la clé.',
            "L'import des commandes à distance est désactivé.",
          ),
          '413': error(
            'Fichier trop volumineux.',
            `Fichier trop volumineux : ${MAX_FILE_BYTES / 1024 / 1024} Mo au maximum.`,
          ),
          '415': error(
            "Ce n'est pas un envoi multipart/form-data.",
            'Type de contenu non pris en charge : envoyez le fichier en multipart/form-data (champ file).',
          ),
          ...NO_KEY_WRITE,
          '422': error('Aucun fichier dans l’envoi.', 'Aucun fichier reçu.'),
          ...COMMON_ERRORS,
        },
      },
    },
    '/api/public/planning': {
      get: {
        operationId: 'planningPublic',
        summary: 'Planning public (widget)',
        description:
          "Les vols publics à venir, tels que le widget les montre sur le site d'un partenaire ; sans clé, lisible depuis " +
          'toute page (CORS ouvert), gardé 5 s.',
        security: [],
        parameters: [
          { name: 'from', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
          { name: 'to', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
          { name: 'location_id', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': answer('Les vols publics de la période.', 'PlanningPublic'),
          '400': error('Paramètre invalide.', 'La date de fin précède la date de début.'),
          '404': error('Le planning public est désactivé (Paramètres).', "Le planning public n'est pas activé."),
          ...COMMON_ERRORS,
        },
      },
    },
    '/api/public/registration-requests': {
      post: {
        operationId: 'demanderInscription',
        summary: "Demande d'inscription sur un vol (widget)",
        description:
          'Un client demande à rejoindre un vol avec son numéro de réservation et le nom du passager référent ; la même ' +
          "réponse que la réservation existe ou non. Sans clé ; 10 demandes par adresse IP et par quart d'heure.",
        security: [],
        requestBody: { required: true, content: json(inputSchema(publicRegistrationRequestSchema)) },
        responses: {
          '202': answer('Demande transmise.', 'DemandeRecue'),
          '413': error('Requête de plus de 16 Ko.', 'Requête trop volumineuse.'),
          '422': error('Champ manquant ou invalide.', 'Les données envoyées sont invalides.'),
          '429': error(
            'Trop de demandes depuis cette adresse.',
            'Trop de demandes envoyées depuis votre connexion. Réessayez dans 15 minutes.',
          ),
          ...COMMON_ERRORS,
        },
      },
    },
  };
}

/** The whole document, built once: it depends on the code only. */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'API des partenaires',
      version: '1.0.0',
      description:
        'Ce que le programme d’un partenaire peut appeler : le planning en lecture seule et le dépôt de fichiers de ' +
        'commandes avec une clé d’API (créée dans Paramètres > Clés d’API, montrée une seule fois), le planning public ' +
        'et les demandes d’inscription du widget sans clé. Réponses en JSON, messages en français.',
    },
    servers: [{ url: '/' }],
    security: [{ cleApi: [] }],
    components: {
      securitySchemes: {
        cleApi: {
          type: 'http',
          scheme: 'bearer',
          description: 'La clé d’API dans l’en-tête « Authorization: Bearer mgf_… ». Aucun cookie ni jeton CSRF.',
        },
      },
      schemas: components(),
    },
    paths: paths(),
  };
}

export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify(openApiDocument());
  app.get(
    '/api/openapi.json',
    { config: { access: { access: 'public', isAnonymous: true } } },
    async (_request, reply) =>
      reply
        .removeHeader('access-control-allow-credentials')
        .header('content-type', 'application/json; charset=utf-8')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300')
        .send(body),
  );
}
