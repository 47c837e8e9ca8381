import { MESSAGES } from '@app/domain';
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { type DataColumn, DataList, FormModal, LazyRichTextField } from '../../components';
import { useDialog } from '../../lib/use-dialog';

// settings/emails/email-templates (issue 10): the fixed set of templates
// (confirmation, pre-flight information, convocation, postponement, cancellation, tickets, password links), each edited for its subject and rich-text body; the Variables menu offers the template's own
// variables. The server sanitizes the body.

export type EmailTemplate = {
  id: number;
  slug: string;
  label: string;
  subject: string;
  body: string;
  variables: string;
};

const emailTemplates = resource('email-templates');

const variablesOf = (template: EmailTemplate): string[] => {
  try {
    const parsed = JSON.parse(template.variables) as unknown;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

function EmailTemplateDialog({
  template,
  opened,
  onClose,
  onSaved,
}: {
  template: EmailTemplate;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Modèle « ${template.label} »`}
      size="xl"
      failureMessage={MESSAGES.emailTemplateUpdateFailed}
      onSubmit={() => emailTemplates.update(template.id, { subject, body })}
      onSaved={onSaved}
    >
      {({ errors }) => (
        <>
          <TextInput
            name="subject"
            label="Objet"
            required
            maxLength={500}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            error={errors.subject}
          />
          <LazyRichTextField label="Contenu" value={body} onChange={setBody} variables={variablesOf(template)} />
        </>
      )}
    </FormModal>
  );
}

export default function EmailTemplatesPage() {
  const invalidate = useInvalidate();
  const dialog = useDialog<EmailTemplate>();
  const columns: DataColumn<EmailTemplate>[] = [
    { label: 'Modèle', field: 'label', sortField: 'label' },
    { label: 'Objet', field: 'subject' },
    { label: 'Variables', key: 'variables', render: (t) => variablesOf(t).join(' ') || '—' },
  ];
  return (
    <>
      <DataList<EmailTemplate>
        label="Modèles d'email"
        endpoint={emailTemplates.path}
        storageKey="email-templates"
        defaultOrder={[{ field: 'label', direction: 'ASC' }]}
        columns={columns}
        onRowClick={(template) => dialog.open(template)}
        rowActions={(template) => (
          <Tooltip label="Modifier">
            <ActionIcon
              variant="subtle"
              aria-label={`Modifier le modèle ${template.label}`}
              onClick={() => dialog.open(template)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      {dialog.value && (
        <EmailTemplateDialog
          key={dialog.key}
          template={dialog.value}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={() => invalidate('email-templates')}
        />
      )}
    </>
  );
}
