import { LIST_LOAD_FAILED_MESSAGES, PRESTATIONS_PATH, TICKET_TEMPLATE_BASES_PATH } from '@app/domain';
import { BY_LABEL } from '../../components/ReferenceData/building-blocks';
import { type LabelRecord, labelEntity } from '../../components/ReferenceData/label-entity';
import { pathTo } from '../../lib/routes';

export type TicketTemplate = LabelRecord & {
  template_base: string;
  prestations?: { id: number; label: string }[];
};

/**
 * Ticket template (label and base required): the layout a prestation's tickets are
 * printed with, and the prestations that use it. A row opens the template's summary and preview.
 */
export const ticketTemplatesConfig = labelEntity<TicketTemplate>({
  entity: 'ticketTemplate',
  resource: 'ticket-templates',
  storageKey: 'ticket-templates',
  labels: {
    plural: 'Modèles de billet',
    add: 'Ajouter un modèle de billet',
    createTitle: 'Nouveau modèle de billet',
    editTitle: 'Modifier le modèle de billet',
  },
  deleteMessage: (label) => `Le modèle de billet « ${label} » sera supprimé définitivement.`,
  embed: ['prestations'],
  extraColumns: [
    { label: 'Base', field: 'template_base', sortField: 'template_base' },
    {
      label: 'Prestations',
      key: 'prestations',
      render: (row) => (row.prestations ?? []).map((p) => p.label).join(', ') || '—',
    },
  ],
  extraFields: [
    {
      kind: 'select',
      name: 'template_base',
      label: 'Base',
      isRequired: true,
      isTextValue: true,
      options: { endpoint: TICKET_TEMPLATE_BASES_PATH, labelField: 'label', valueField: 'slug' },
      loadFailedMessage: 'Erreur de chargement des bases de billet',
    },
    {
      kind: 'multiselect',
      name: 'prestations',
      label: 'Prestations qui utilisent ce modèle',
      options: { endpoint: PRESTATIONS_PATH, labelField: 'label', order: BY_LABEL },
      loadFailedMessage: LIST_LOAD_FAILED_MESSAGES.prestations,
      isWide: true,
    },
  ],
});

export const ticketTemplateHref = (row: { id: number }) =>
  pathTo('single-ticket-template', { ticketTemplateId: row.id });
