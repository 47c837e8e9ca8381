import { MESSAGES } from '@app/domain';
import { Group, Stack, Text } from '@mantine/core';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { confirmDelete, NoteActions, SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { formatStamp } from '../../../lib/format';
import { useDialog } from '../../../lib/use-dialog';
import type { Booking } from '../booking-model';
import type { BookingNote } from '../dialogs/BookingNoteDialog';
import { AddButton, EmptyLine, useBookingSaved } from './booking-summary';

const BookingNoteDialog = lazyDialog(() =>
  import('../dialogs/BookingNoteDialog').then((module) => module.BookingNoteDialog),
);

/** The booking's notes, oldest first; they stay open on a closed booking. */
export function BookingNotesSection({ booking }: { booking: Booking }) {
  const id = booking.id;
  const saved = useBookingSaved();
  const dialog = useDialog<{ note: BookingNote | null }>();
  const notes = useApiQuery(
    resource('booking-notes').list<BookingNote>({
      filters: [{ field: 'booking_id', op: '=', value: String(id) }],
      order: [{ field: 'created_at', direction: 'ASC' }],
    }),
    { failure: MESSAGES.notesLoadFailed },
  );
  const removeNote = async (note: BookingNote) => {
    const isDeleted = await confirmDelete({
      message: 'Cette note sera supprimée.',
      onConfirm: () => resource('booking-notes').remove(note.id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) saved('booking-notes')();
  };
  return (
    <>
      <SummaryCard
        title="Notes"
        actions={<AddButton label="Ajouter" onClick={() => dialog.open({ note: null })} disabled={false} />}
      >
        <Stack gap="xs">
          {(notes.data ?? []).map((note) => (
            <Stack key={note.id} gap={2}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {formatStamp(note.created_at)}
                </Text>
                <NoteActions onEdit={() => dialog.open({ note })} onDelete={() => removeNote(note)} />
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.content}
              </Text>
            </Stack>
          ))}
          {notes.data?.length === 0 && <EmptyLine>Aucune note.</EmptyLine>}
        </Stack>
      </SummaryCard>
      {dialog.value && (
        <BookingNoteDialog
          key={dialog.key}
          booking={booking}
          note={dialog.value.note}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved('booking-notes')}
        />
      )}
    </>
  );
}
