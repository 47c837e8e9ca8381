import { createFailedMessage, updateFailedMessage } from '@app/domain';
import { useState } from 'react';
import { resource } from '../../../api/reads';
import { FlagSwitch, FormModal, TextAreaField } from '../../../components';
import { type DialogProps, type FlightNote, noteFailure } from './flight-form';

/** Flight note ({content, is_pinned, flight_id}); a pinned note shows on the card and on top. */
export function FlightNoteDialog({
  flightId,
  note,
  opened,
  onClose,
  onSaved,
}: DialogProps & { flightId: number; note: FlightNote | null }) {
  const [content, setContent] = useState(note?.content ?? '');
  const [isPinned, setPinned] = useState<0 | 1>(note?.is_pinned === 1 ? 1 : 0);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={note ? 'Modifier la note' : 'Nouvelle note'}
      failureMessage={noteFailure(note ? updateFailedMessage('note') : createFailedMessage('note'))}
      onSubmit={() =>
        note
          ? resource('flight-notes').update(note.id, { content, is_pinned: isPinned })
          : resource('flight-notes').create({ content, is_pinned: isPinned, flight_id: flightId })
      }
      onSaved={onSaved}
    >
      <TextAreaField name="content" label="Note" required maxLength={5000} value={content} onChange={setContent} />
      <FlagSwitch label="Épingler la note" value={isPinned} onChange={setPinned} />
    </FormModal>
  );
}
