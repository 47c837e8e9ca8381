import type { FastifyInstance } from 'fastify';
import { registerBookingRoutes } from './bookings.js';
import { registerDocumentRoutes } from './documents.js';
import { registerFlightRoutes } from './flights.js';
import { registerMailRoutes } from './mail.js';
import { registerPlanningRoutes } from './planning.js';
import { registerSearchRoutes } from './search.js';
import { registerSettingsRoutes } from './settings.js';
import { registerShopRoutes } from './shop.js';
import { registerTicketTemplateRoutes } from './ticket-templates.js';

/** Endpoints of SPEC §7 that are not plain CRUD (bookings, flights, planning, lookups, settings...). */
export async function registerSpecialRoutes(app: FastifyInstance): Promise<void> {
  await registerBookingRoutes(app);
  await registerFlightRoutes(app);
  await registerPlanningRoutes(app);
  await registerSearchRoutes(app);
  await registerSettingsRoutes(app);
  await registerShopRoutes(app);
  await registerTicketTemplateRoutes(app);
  await registerDocumentRoutes(app);
  await registerMailRoutes(app);
}
