// The ticket templates' contract.

export const TICKET_TEMPLATES_PATH = '/api/ticket-templates';
/** GET: the templates' bases, by slug. */
export const TICKET_TEMPLATE_BASES_PATH = `${TICKET_TEMPLATES_PATH}/bases`;
/** GET: the template printed with sample data. */
export const ticketTemplatePreviewPath = (id: number): string => `${TICKET_TEMPLATES_PATH}/${id}/preview.pdf`;
