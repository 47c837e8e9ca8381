import { MESSAGES, type RemoteOrderBookingRef, type RemoteOrderFile, type RemoteOrderImportOutcome } from '@app/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconFileImport,
  IconRefresh,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import {
  importRemoteOrder,
  remoteOrdersRead,
  removeRemoteOrder,
  uploadRemoteOrder,
} from '../../api/endpoints/remote-orders';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { confirmDelete, type DataColumn, DataTable, notifyFailure, notifySuccess } from '../../components';
import { formatStamp } from '../../lib/format';
import { pathTo } from '../../lib/routes';

// remote-orders: partner order files waiting in the folder, imported (with their
// bookings) and failed (with their errors). Each waiting file opens the import dialog: in progress, then success,
// partial (booking and errors) or failed (errors and 'delete file' behind the 'Suppression définitive...' check).

type BookingRef = RemoteOrderBookingRef;
type FolderEntry = RemoteOrderFile;

const LOAD_FAILED = 'Erreur de chargement des commandes à distance';

const dateTime = (value: string | null) => (value ? formatStamp(value) : '');
const size = (bytes: number) => (bytes < 1024 ? `${bytes} o` : `${Math.ceil(bytes / 1024)} Ko`);

/** The server's list of French errors, from a success body or a refused one. */
function errorsOf(error: unknown): string[] {
  if (error instanceof ApiError) {
    const body = error.body as { message?: string; errors?: unknown } | null;
    if (Array.isArray(body?.errors) && body.errors.length) return body.errors.map(String);
    if (body?.message) return [body.message];
  }
  return ['Une erreur est survenue pendant l’import.'];
}

function BookingLinks({ bookings }: { bookings: BookingRef[] }) {
  if (bookings.length === 0) return null;
  return (
    <Group gap={6}>
      {bookings.map((b) =>
        b.number === null ? (
          <Text key={b.id} size="sm" c="dimmed">
            Réservation supprimée
          </Text>
        ) : (
          <Anchor key={b.id} component={Link} to={pathTo('single-booking', { bookingId: b.id })} size="sm">
            {b.number}
          </Anchor>
        ),
      )}
    </Group>
  );
}

function ErrorList({ errors }: { errors: string[] }) {
  return (
    <List size="sm" spacing={2} aria-label="Erreurs">
      {errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same message may come twice
        <List.Item key={i}>{e}</List.Item>
      ))}
    </List>
  );
}

type DialogState = { phase: 'running' } | { phase: 'done'; outcome: RemoteOrderImportOutcome };

/** In progress → success / partial / failed; a failed file can be deleted from here. */
function ImportDialog({ file, onClose, onDone }: { file: string; onClose: () => void; onDone: () => unknown }) {
  const [state, setState] = useState<DialogState>({ phase: 'running' });
  useEffect(() => {
    let isLive = true;
    importRemoteOrder(file)
      .then((outcome) => isLive && setState({ phase: 'done', outcome }))
      .catch((error: unknown) => {
        if (!isLive) return;
        const body = error instanceof ApiError ? (error.body as Partial<RemoteOrderImportOutcome> | null) : null;
        setState({
          phase: 'done',
          outcome: { status: 'failed', booking: null, bookings: body?.bookings ?? [], errors: errorsOf(error) },
        });
      });
    return () => {
      isLive = false;
    };
  }, [file]);
  // The file moved (processed/ or failed/): the lists behind the dialog follow at once.
  useEffect(() => {
    if (state.phase === 'done') onDone();
  }, [state.phase, onDone]);

  const deleteFile = async () => {
    const deleted = await confirmDelete({
      onConfirm: () => removeRemoteOrder(file),
    });
    if (deleted) {
      notifySuccess('Fichier supprimé');
      onClose();
    }
  };

  const outcome = state.phase === 'done' ? state.outcome : null;
  const created = outcome?.bookings.filter((b) => b.created).length ?? 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Import de ${file}`}
      size="lg"
      closeOnClickOutside={state.phase !== 'running'}
    >
      <Stack gap="md">
        {state.phase === 'running' && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Import en cours...</Text>
          </Group>
        )}
        {outcome?.status === 'success' && (
          <Alert color="green" icon={<IconCheck size={16} aria-hidden />} title="Commande importée">
            {created === 0
              ? 'Cette commande avait déjà été importée : aucune nouvelle réservation.'
              : outcome.bookings.length > 1
                ? `${outcome.bookings.length} réservations importées.`
                : 'La réservation a été créée.'}
          </Alert>
        )}
        {outcome?.status === 'partial' && (
          <Alert color="orange" icon={<IconAlertTriangle size={16} aria-hidden />} title="Import partiel">
            <Stack gap="xs">
              <Text size="sm">
                {outcome.bookings.length > 1
                  ? `${outcome.bookings.length} réservations importées, avec des erreurs :`
                  : 'La réservation a été créée, avec des erreurs :'}
              </Text>
              <ErrorList errors={outcome.errors} />
            </Stack>
          </Alert>
        )}
        {outcome?.status === 'failed' && (
          <Alert color="red" icon={<IconX size={16} aria-hidden />} title="L'import a échoué">
            <Stack gap="xs">
              <Text size="sm">Aucune réservation n'a été créée :</Text>
              <ErrorList errors={outcome.errors} />
            </Stack>
          </Alert>
        )}
        {outcome?.booking && (
          <Group gap="xs">
            <Text size="sm">Réservation :</Text>
            <BookingLinks bookings={outcome.bookings} />
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          {outcome?.status === 'failed' && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={deleteFile}>
              Supprimer le fichier
            </Button>
          )}
          {outcome?.booking && outcome.bookings.length === 1 && (
            <Button component={Link} to={pathTo('single-booking', { bookingId: outcome.booking.id })}>
              Voir la réservation
            </Button>
          )}
          <Button variant="default" onClick={onClose} disabled={state.phase === 'running'}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Section({
  title,
  rows,
  columns,
  isLoading,
  rowActions,
}: {
  title: string;
  rows: FolderEntry[];
  columns: DataColumn<FolderEntry>[];
  isLoading: boolean;
  rowActions?: (row: FolderEntry) => ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Badge variant="light" color="gray">
            {rows.length}
          </Badge>
        </Group>
        <DataTable<FolderEntry>
          label={title}
          rows={rows}
          columns={columns}
          isLoading={isLoading}
          getRowKey={(row) => `${row.state}/${row.file}`}
          rowActions={rowActions}
        />
      </Stack>
    </Paper>
  );
}

export default function RemoteOrdersPage() {
  const invalidate = useInvalidate();
  const query = useApiQuery(remoteOrdersRead, { failure: LOAD_FAILED });
  const [importing, setImporting] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const refresh = () => invalidate('remote-orders');

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const { file: name } = await uploadRemoteOrder(file);
      notifySuccess(`Fichier déposé : ${name}`);
      await refresh();
    } catch (error) {
      notifyFailure(errorsOf(error).join(' '), error);
    } finally {
      setUploading(false);
    }
  };

  const remove = async (row: FolderEntry) => {
    if (
      await confirmDelete({
        message: `Le fichier ${row.file} sera supprimé du dossier.`,
        onConfirm: () => removeRemoteOrder(row.file),
      })
    ) {
      notifySuccess('Fichier supprimé');
      await refresh();
    }
  };

  const rows = query.data ?? [];
  const fileColumn: DataColumn<FolderEntry> = { label: 'Fichier', field: 'file' };
  const deleteButton = (row: FolderEntry) => (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} />}
      onClick={() => remove(row)}
      aria-label={`${MESSAGES.delete} ${row.file}`}
    >
      {MESSAGES.delete}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          Les commandes des partenaires arrivent dans le dossier d'import (dépôt du partenaire, envoi par clé d'API ou
          fichier déposé ici), au format JSON ou CSV décrit dans la documentation de l'API.
        </Text>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
            Actualiser
          </Button>
          <FileButton onChange={upload} accept=".json,.csv,application/json,text/csv">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={isUploading}>
                Déposer un fichier
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>

      <Section
        title="Fichiers en attente"
        rows={rows.filter((r) => r.state === 'waiting')}
        isLoading={query.isLoading}
        columns={[
          fileColumn,
          { label: 'Reçu le', render: (r) => dateTime(r.modified_at) },
          { label: 'Taille', render: (r) => size(r.size), align: 'right' },
        ]}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Button size="xs" leftSection={<IconFileImport size={14} />} onClick={() => setImporting(row.file)}>
              Importer
            </Button>
            {deleteButton(row)}
          </Group>
        )}
      />
      <Section
        title="Fichiers importés"
        rows={rows.filter((r) => r.state === 'imported')}
        isLoading={query.isLoading}
        columns={[
          fileColumn,
          { label: 'Importé le', render: (r) => dateTime(r.imported_at ?? r.modified_at) },
          { label: 'Réservations', render: (r) => <BookingLinks bookings={r.bookings} /> },
          {
            label: 'Erreurs',
            render: (r) => (r.errors.length ? <ErrorList errors={r.errors} /> : ''),
          },
        ]}
      />
      <Section
        title="Fichiers en échec"
        rows={rows.filter((r) => r.state === 'failed')}
        isLoading={query.isLoading}
        columns={[
          fileColumn,
          { label: 'Essayé le', render: (r) => dateTime(r.imported_at ?? r.modified_at) },
          { label: 'Erreurs', render: (r) => <ErrorList errors={r.errors} /> },
        ]}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileImport size={14} />}
              onClick={() => setImporting(row.file)}
            >
              Réessayer
            </Button>
            {deleteButton(row)}
          </Group>
        )}
      />

      {importing && (
        <ImportDialog
          file={importing}
          onDone={refresh}
          onClose={() => {
            setImporting(null);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
