import { useState } from 'react';
import { type FieldValue, type FormValues, initialValues } from '../../../components/ReferenceData';
import type { Booking } from '../booking-model';

// What the booking summary's dialogs share. Each is mounted with a new key per opening, so its values start from
// the booking.

export type DialogProps = { opened: boolean; onClose: () => void; onSaved: () => void };
export type BookingDialogProps = DialogProps & { booking: Booking };

/** The form's values, started from the record, and a setter per field. */
export function useFormValues(sections: Parameters<typeof initialValues>[0], record: Record<string, unknown> | null) {
  const [values, setValues] = useState<FormValues>(() => initialValues(sections, record));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  return { values, setValues, set };
}
