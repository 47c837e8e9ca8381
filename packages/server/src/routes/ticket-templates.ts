import { TICKET_TEMPLATE_BASES } from '@app/domain';
import type { FastifyInstance } from 'fastify';

export async function registerTicketTemplateRoutes(app: FastifyInstance): Promise<void> {
  // The PDF layouts a ticket template can be based on (fixed in code, like the PDF components themselves).
  app.get('/api/ticket-templates/bases', async () => TICKET_TEMPLATE_BASES.map(({ slug, label }) => ({ slug, label })));
}
