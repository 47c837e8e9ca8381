import { TICKET_TEMPLATES_PATH } from '@app/domain';
import { BY_LABEL, whenTicketing } from '../../components/ReferenceData/building-blocks';
import { type LabelRecord, labelEntity } from '../../components/ReferenceData/label-entity';

export type Prestation = LabelRecord & {
  is_default: 0 | 1;
  ticket_template_id: number | null;
  shop_sku: string | null;
  ticket_template?: { id: number; label: string } | null;
};

/**
 * Prestation: label, is_default (pre-filled in new flights) and its ticket template, a choice shown only when
 * ticketing is enabled. Listed by label. Issue 27: the shop product's reference (SKU) it is sold as, so the
 * shop's orders find it (else by the product's name).
 */
export const prestationsConfig = labelEntity<Prestation>({
  entity: 'prestation',
  resource: 'prestations',
  storageKey: 'prestations',
  labels: {
    plural: 'Prestations',
    add: 'Ajouter une prestation',
    createTitle: 'Nouvelle prestation',
    editTitle: 'Modifier la prestation',
  },
  deleteMessage: (label) => `La prestation « ${label} » sera supprimée définitivement.`,
  isDefault: {
    label: 'Prestation par défaut',
    description: 'Proposée pour chaque nouveau vol ; remplace la prestation par défaut actuelle.',
  },
  embed: ['ticket_template'],
  extraColumns: [
    { label: 'Référence boutique', field: 'shop_sku', sortField: 'shop_sku' },
    {
      label: 'Modèle de billet',
      field: 'ticket_template.label',
      sortField: 'ticket_template.label',
      isVisible: whenTicketing,
    },
  ],
  extraFilters: [
    {
      id: 'ticket_template_id',
      label: 'Modèle de billet',
      type: 'select',
      loader: { endpoint: TICKET_TEMPLATES_PATH, labelField: 'label', order: BY_LABEL },
      isVisible: whenTicketing,
    },
  ],
  extraFields: [
    {
      kind: 'text',
      name: 'shop_sku',
      label: 'Référence boutique (SKU)',
      maxLength: 100,
      description:
        'La référence du produit dans la boutique en ligne ; sans elle, le nom du produit est comparé au libellé.',
      isWide: true,
    },
    {
      kind: 'select',
      name: 'ticket_template_id',
      label: 'Modèle de billet',
      options: { endpoint: TICKET_TEMPLATES_PATH, labelField: 'label', order: BY_LABEL },
      loadFailedMessage: 'Erreur de chargement des modèles de billet',
      isVisible: whenTicketing,
      isWide: true,
    },
  ],
});
