import { MESSAGES, OPENAPI_PATH } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { confirmDelete, type DataColumn, DataList, FormModal } from '../../components';
import { formatStamp } from '../../lib/format';
import { useDialog } from '../../lib/use-dialog';

// settings/api-keys (issue 10): the keys partners and the online shop use; the two-step dialog (name,
// then the key shown once with a copy button, Close only once the user ticked that it was copied); revoke.

type ApiClient = { id: number; name: string; created_at: string; last_used_at: string | null };
const apiClients = resource('api-clients');

const dateTime = (value: string | null) => (value ? formatStamp(value) : 'Jamais');

/** Step 2: the key, shown once; Fermer only after the confirmation is ticked. */
function NewKeyShown({ token, onClose }: { token: string; onClose: () => void }) {
  const [isCopied, setCopied] = useState(false);
  return (
    <Modal
      opened
      onClose={() => isCopied && onClose()}
      title="Clé d'API créée"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
    >
      <Stack gap="md">
        <Alert color="orange" icon={<IconKey size={16} aria-hidden />}>
          Copiez cette clé maintenant : elle ne sera plus jamais affichée.
        </Alert>
        <Code block aria-label="Clé d'API">
          {token}
        </Code>
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {copied ? 'Clé copiée' : 'Copier la clé'}
            </Button>
          )}
        </CopyButton>
        <Checkbox
          label="J'ai copié la clé"
          checked={isCopied}
          onChange={(event) => setCopied(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={onClose} disabled={!isCopied}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function ApiKeysPage() {
  const invalidate = useInvalidate();
  const dialog = useDialog<'create'>();
  const [name, setName] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const revoke = async (client: ApiClient) => {
    const isDeleted = await confirmDelete({
      message: `La clé « ${client.name} » sera révoquée : ce qui l'utilise n'aura plus accès.`,
      onConfirm: () => apiClients.remove(client.id),
      failureMessage: MESSAGES.deleteFailed,
      successMessage: 'Clé révoquée',
    });
    if (isDeleted) void invalidate('api-clients');
  };
  const columns: DataColumn<ApiClient>[] = [
    { label: 'Nom', field: 'name', sortField: 'name' },
    { label: 'Créée le', key: 'created', sortField: 'created_at', render: (c) => dateTime(c.created_at) },
    { label: 'Dernière utilisation', key: 'used', sortField: 'last_used_at', render: (c) => dateTime(c.last_used_at) },
  ];
  return (
    <>
      {/* What a key opens, for the partner's developer: the machine-readable description (GET /api/openapi.json). */}
      <Text size="sm" mb="md">
        Une clé d'API donne accès au planning en lecture seule et au dépôt de fichiers de commandes.{' '}
        <Anchor href={OPENAPI_PATH} target="_blank" rel="noopener">
          Description OpenAPI de l'API pour les partenaires
        </Anchor>
      </Text>
      <DataList<ApiClient>
        label="Clés d'API"
        endpoint={apiClients.path}
        storageKey="api-clients"
        defaultOrder={[{ field: 'created_at', direction: 'DESC' }]}
        columns={columns}
        toolbar={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setName('');
              dialog.open('create');
            }}
          >
            Nouvelle clé d'API
          </Button>
        }
        rowActions={(client) => (
          <Tooltip label="Révoquer">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Révoquer la clé ${client.name}`}
              onClick={() => revoke(client)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      {dialog.value === 'create' && (
        <FormModal<{ token: string }>
          key={dialog.key}
          opened={dialog.opened}
          onClose={dialog.close}
          title="Nouvelle clé d'API"
          size="md"
          successMessage={null}
          failureMessage={MESSAGES.apiKeyCreateFailed}
          onSubmit={() => apiClients.create<{ token: string }>({ name })}
          onSaved={(created) => {
            setToken(created.token);
            void invalidate('api-clients');
          }}
        >
          {({ errors }) => (
            <TextInput
              name="name"
              label="Nom"
              description="Qui utilisera cette clé (la boutique en ligne, un partenaire...)"
              required
              maxLength={255}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
          )}
        </FormModal>
      )}
      {token && <NewKeyShown token={token} onClose={() => setToken(null)} />}
    </>
  );
}
