import { MESSAGES } from '@app/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPin, IconPlus } from '@tabler/icons-react';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { confirmDelete, NoteActions, SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { useDialog } from '../../../lib/use-dialog';
import { type FlightNote, noteFailure } from '../dialogs/flight-form';
import { useFlightChanged } from './flight-summary';

const FlightNoteDialog = lazyDialog(() =>
  import('../dialogs/FlightNoteDialog').then((module) => module.FlightNoteDialog),
);

const SEALED_REASON = 'Dossier de vol clôturé : ouvrez une correction pour ajouter ou modifier une note.';

/**
 * The flight's notes, the pinned ones on top (a pinned note also shows above the summary). A sealed flight's notes
 * are part of its record: they can no longer change, and the section says why.
 */
export function FlightNotesSection({ flightId, isSealed = false }: { flightId: number; isSealed?: boolean }) {
  const changed = useFlightChanged();
  const dialog = useDialog<{ note: FlightNote | null }>();
  const notes = useApiQuery(
    resource('flight-notes').list<FlightNote>({
      filters: [{ field: 'flight_id', op: '=', value: String(flightId) }],
      order: [{ field: 'created_at', direction: 'ASC' }],
    }),
    { failure: MESSAGES.notesLoadFailed },
  );
  const removeNote = async (note: FlightNote) => {
    const isDeleted = await confirmDelete({
      message: 'Cette note sera supprimée.',
      onConfirm: () => resource('flight-notes').remove(note.id),
      failureMessage: noteFailure(MESSAGES.deleteFailed),
    });
    if (isDeleted) changed();
  };
  const sortedNotes = [...(notes.data ?? [])].sort((a, b) => b.is_pinned - a.is_pinned);
  return (
    <>
      <SummaryCard
        title="Notes"
        actions={
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => dialog.open({ note: null })}
            disabled={isSealed}
            aria-describedby={isSealed ? `notes-sealed-${flightId}` : undefined}
          >
            Ajouter
          </Button>
        }
      >
        <Stack gap="xs">
          {isSealed && (
            <Text size="sm" c="dimmed" id={`notes-sealed-${flightId}`}>
              {SEALED_REASON}
            </Text>
          )}
          {sortedNotes.map((note) => (
            <Group key={note.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
                {note.is_pinned === 1 && <IconPin size={14} aria-label="Épinglée" />}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.content}
                </Text>
              </Group>
              {!isSealed && <NoteActions onEdit={() => dialog.open({ note })} onDelete={() => removeNote(note)} />}
            </Group>
          ))}
          {notes.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              Aucune note.
            </Text>
          )}
        </Stack>
      </SummaryCard>
      {dialog.value && (
        <FlightNoteDialog
          key={dialog.key}
          flightId={flightId}
          note={dialog.value.note}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={changed}
        />
      )}
    </>
  );
}
