import { createFailedMessage, updateFailedMessage } from '@app/domain';
import { useState } from 'react';
import { resource } from '../../../api/reads';
import { FormModal, TextAreaField } from '../../../components';
import type { BookingDialogProps } from './booking-dialog';

export type BookingNote = { id: number; content: string; booking_id: number; created_at: string };

/** Booking note create/edit (content required, 6-row textarea in a dialog). */
export function BookingNoteDialog({
  booking,
  note,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { note: BookingNote | null }) {
  const [content, setContent] = useState(note?.content ?? '');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={note ? 'Modifier la note' : 'Nouvelle note'}
      failureMessage={note ? updateFailedMessage('note') : createFailedMessage('note')}
      onSubmit={() =>
        note
          ? resource('booking-notes').update(note.id, { content })
          : resource('booking-notes').create({ content, booking_id: booking.id })
      }
      onSaved={onSaved}
    >
      <TextAreaField name="content" label="Note" required maxLength={5000} value={content} onChange={setContent} />
    </FormModal>
  );
}
