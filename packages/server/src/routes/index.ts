import type { FastifyInstance } from 'fastify';
import { registerApiClientRoutes } from './api-clients.js';
import { registerBookingRoutes } from './bookings.js';
import { registerCapabilityRoutes } from './capabilities.js';
import { registerDashboardRoutes } from './dashboard.js';
import { registerDocumentRoutes } from './documents.js';
import { registerFieldRoutes } from './field.js';
import { registerFlightFileRoutes } from './flight-file.js';
import { registerFlightRoutes } from './flights.js';
import { registerHistoryRoutes } from './history.js';
import { registerMailRoutes } from './mail.js';
import { registerOpenApiRoutes } from './openapi.js';
import { registerPlanningRoutes } from './planning.js';
import { registerProfileRoutes } from './profile.js';
import { registerPublicRoutes } from './public.js';
import { registerRegistrationRequestRoutes } from './registration-requests.js';
import { registerRemoteOrderRoutes } from './remote-orders.js';
import { registerReportRoutes } from './reports.js';
import { registerSearchRoutes } from './search.js';
import { registerSessionRoutes } from './session.js';
import { registerSettingsRoutes } from './settings.js';
import { registerShopRoutes } from './shop.js';
import { registerSpaceRoutes } from './space.js';
import { registerTicketTemplateRoutes } from './ticket-templates.js';
import { registerUserRoutes } from './users.js';
import { registerValidityRoutes } from './validity.js';

/** Signing in and out, password links, the profile, users, capabilities and API clients. */
export async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  await registerSessionRoutes(app);
  await registerProfileRoutes(app);
  await registerUserRoutes(app);
  await registerCapabilityRoutes(app);
  await registerApiClientRoutes(app);
}

/** Endpoints the web app calls that are not plain CRUD (bookings, flights, planning, lookups, settings...). */
export async function registerSpecialRoutes(app: FastifyInstance): Promise<void> {
  await registerBookingRoutes(app);
  await registerFlightRoutes(app);
  await registerFlightFileRoutes(app);
  await registerPlanningRoutes(app);
  await registerSearchRoutes(app);
  await registerSettingsRoutes(app);
  await registerShopRoutes(app);
  await registerTicketTemplateRoutes(app);
  await registerDocumentRoutes(app);
  await registerMailRoutes(app);
  await registerValidityRoutes(app);
  await registerPublicRoutes(app);
  await registerSpaceRoutes(app);
  await registerRegistrationRequestRoutes(app);
  await registerDashboardRoutes(app);
  await registerRemoteOrderRoutes(app);
  await registerOpenApiRoutes(app);
  await registerHistoryRoutes(app);
  await registerReportRoutes(app);
  await registerFieldRoutes(app);
}
