import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  partnerErrorSchema,
  partnerFlightPageSchema,
  partnerFlightSchema,
  partnerPlanningDaySchema,
  partnerPlanningRangeSchema,
  publicPlanningSchema,
  registrationRequestReceivedSchema,
  remoteOrderStoredSchema,
} from '@app/domain';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiToken } from './auth/support.js';
import { newBalloon, newBooking, newFlight, newLocation, newPassenger, newPrestation, register } from './builders.js';
import { createTestApp, engine, type TestApp } from './helpers.js';
import { enableImport, jsonOrder, multipart, tempDir } from './remote-orders/support.js';

// GET /api/openapi.json (issue 32): a valid OpenAPI 3.1 document (checked by a real validator), every path it
// describes answered by the server's own route, and the server's real answers of the shapes it describes.

/** The zod schema behind each component an answer refers to (the document is generated from them). */
const SCHEMAS: Record<string, z.ZodType> = {
  Erreur: partnerErrorSchema,
  Vol: partnerFlightSchema,
  PageDeVols: partnerFlightPageSchema,
  PlanningJournee: partnerPlanningDaySchema,
  PlanningPeriode: partnerPlanningRangeSchema,
  FichierDepose: remoteOrderStoredSchema,
  PlanningPublic: publicPlanningSchema,
  DemandeRecue: registrationRequestReceivedSchema,
};

/** What the router answers for a path it does not know (http/web.ts): no described path may get it. */
const ROUTER_NOT_FOUND = 'Ressource introuvable.';

describe(`OpenAPI document on ${engine}`, () => {
  let t: TestApp;
  let dir: string;
  let token: string;
  let flightId: number;
  let day: string;
  let document: OpenAPIV3_1.Document;
  beforeAll(async () => {
    dir = tempDir();
    t = await createTestApp({ config: { remoteOrdersDir: dir } });
    ({ token } = await apiToken(t, 'Partenaire'));
    const { db } = t.database;
    await enableImport(db);
    // A flight with everything an answer may embed, and a registered passenger (seats left, count).
    const location = await newLocation(db, { is_restrictive: 0 });
    const balloon = await newBalloon(db);
    const prestation = await newPrestation(db);
    // A coming flight: the public planning lists from today on.
    day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await db.updateTable('settings').set({ value: '1' }).where('key', '=', 'planning_widgets_enabled').execute();
    flightId = await newFlight(db, {
      scheduled_date: day,
      location_id: location,
      balloon_id: balloon,
      prestation_id: prestation,
      is_public: 1,
    });
    const booking = await newBooking(db);
    await register(db, flightId, await newPassenger(db, booking));
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    document = answer.json();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is valid OpenAPI 3.1, anyone may read it, and the validator refuses a broken one', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    const broken = structuredClone(document) as unknown as Record<string, Record<string, unknown>>;
    (broken.paths?.['/api/flights'] as Record<string, Record<string, unknown>>).get!.responses = {
      '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Absent' } } } },
    };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
    // The API key's scheme: the Authorization header's bearer token.
    expect(document.components?.securitySchemes?.cleApi).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The answer shapes come from the domain's schemas, strict: a field the server would add must be described.
    expect(document.components?.schemas?.Vol).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(document.components?.schemas?.Vol?.properties ?? {})).not.toContain('pilot_id');
  });

  /** A request each described operation accepts, with the API key unless the operation is public. */
  function requestFor(path: string, method: string) {
    const url = path.replace('{id}', String(flightId));
    const bearer = { authorization: `Bearer ${token}` };
    switch (`${method} ${path}`) {
      case 'get /api/flights':
        return { url: `${url}?embed=location,balloon,prestation,flight_type,flight_status&page=1`, headers: bearer };
      case 'get /api/flights/{id}':
        return { url: `${url}?embed=location,balloon,prestation,flight_type,flight_status`, headers: bearer };
      case 'post /api/planning/day':
        return { url, headers: bearer, payload: { day } };
      case 'post /api/planning/range':
        return { url, headers: bearer, payload: { from: day, to: day } };
      case 'post /api/remote-orders': {
        const file = multipart('SB-1001.json', JSON.stringify(jsonOrder()));
        return { url, headers: { ...bearer, ...file.headers }, payload: file.payload };
      }
      case 'get /api/public/planning':
        return { url: `${url}?to=${day}`, headers: {} };
      case 'post /api/public/registration-requests':
        return { url, headers: {}, payload: { flight_id: flightId, booking_number: 'X-1', last_name: 'Dupont' } };
      default:
        throw new Error(`Opération sans requête de test : ${method} ${path}`);
    }
  }

  it('every described operation is a route of the server, answering the described shape', async () => {
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const)
        .filter((method) => item?.[method])
        .map((method) => ({ path, method, operation: item?.[method] as OpenAPIV3_1.OperationObject })),
    );
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      'get /api/flights',
      'get /api/flights/{id}',
      'post /api/planning/day',
      'post /api/planning/range',
      'post /api/remote-orders',
      'get /api/public/planning',
      'post /api/public/registration-requests',
    ]);
    for (const { path, method, operation } of operations) {
      const request = requestFor(path, method);
      const answer = await t.app.inject({ method: method.toUpperCase() as 'GET', ...request });
      const label = `${method} ${path} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      expect(answer.json().message, label).not.toBe(ROUTER_NOT_FOUND);
      // The request is a valid one: the documented success answer, of the documented shape.
      const status = String(answer.statusCode);
      expect(
        Object.keys(operation.responses ?? {}).filter((s) => s.startsWith('2')),
        label,
      ).toEqual([status]);
      const schema = (operation.responses?.[status] as OpenAPIV3_1.ResponseObject).content?.['application/json']
        ?.schema as { $ref?: string; oneOf?: { $ref?: string }[] };
      const id = (schema.$ref ?? schema.oneOf?.find((s) => s.$ref)?.$ref)?.split('/').pop() as string;
      const parsed = (SCHEMAS[id] as z.ZodType).safeParse(answer.json());
      expect(parsed.error?.issues, label).toBeUndefined();
      // The flight is in every planning answer: the shapes were checked on a real row, not on an empty list.
      if (!/remote-orders|registration-requests/.test(path)) expect(answer.body, label).toContain(`"id":${flightId},`);
    }
  });

  it('a key is refused, in French and in the described error shape, where the document says so', async () => {
    const noKey = await t.app.inject({ method: 'GET', url: '/api/flights' });
    expect(noKey.statusCode).toBe(401);
    expect(partnerErrorSchema.parse(noKey.json())).toEqual({ message: 'Non authentifié.' });
    const wrongKey = await t.app.inject({ method: 'GET', url: '/api/flights', headers: { authorization: 'Bearer x' } });
    expect(wrongKey.statusCode).toBe(401);
    const noKeyWrite = await t.app.inject({ method: 'POST', url: '/api/planning/day', payload: { day } });
    expect(noKeyWrite.statusCode).toBe(419);
    expect(document.paths?.['/api/planning/day']?.post?.responses?.['419']).toBeDefined();
    const bearer = { authorization: `Bearer ${token}` };
    const badDay = await t.app.inject({
      method: 'POST',
      url: '/api/planning/day',
      headers: bearer,
      payload: { day: '20/06/2026' },
    });
    expect(badDay.statusCode).toBe(422);
    const documented = document.paths?.['/api/planning/day']?.post?.responses?.['422'] as OpenAPIV3_1.ResponseObject;
    expect(partnerErrorSchema.parse(badDay.json()).message).toBe(
      (documented.content?.['application/json']?.example as { message: string }).message,
    );
    // A field an API key may not read is a 403, as documented.
    const pilot = await t.app.inject({ method: 'GET', url: '/api/flights?embed=pilot', headers: bearer });
    expect(pilot.statusCode).toBe(403);
    expect(document.paths?.['/api/flights']?.get?.responses?.['403']).toBeDefined();
    // A route the document does not describe stays closed to the key.
    const bookings = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: bearer });
    expect(bookings.statusCode).toBe(403);
    expect(document.paths?.['/api/bookings']).toBeUndefined();
  });
});
