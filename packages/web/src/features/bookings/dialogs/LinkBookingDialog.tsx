import { MESSAGES } from '@app/domain';
import { Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { bookingWrites } from '../../../api/endpoints/bookings';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import { useSearchText } from '../../../lib/debounce';
import type { Booking } from '../booking-model';
import type { BookingDialogProps } from './booking-dialog';

type SearchedBooking = Pick<Booking, 'id' | 'number' | 'number_alt' | 'passengers_number' | 'referent_passenger'>;

/** Link a booking to another (search-driven): search on numbers and names, then POST /api/booking-links. */
export function LinkBookingDialog({
  booking,
  linkedIds,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { linkedIds: number[] }) {
  const [text, setText] = useState('');
  const search = useSearchText(text);
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useApiQuery(
    resource('bookings').page<SearchedBooking>({ search, embed: ['referent_passenger'], page: 1, per_page: 20 }),
    { failure: MESSAGES.searchFailed, enabled: search !== '' },
  );
  const candidates = (results.data?.data ?? []).filter((b) => b.id !== booking.id && !linkedIds.includes(b.id));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Lier une réservation"
      failureMessage={MESSAGES.linkedBookingAddFailed}
      successMessage={MESSAGES.bookingLinked}
      canSubmit={chosen !== null}
      onSubmit={() => bookingWrites.link({ booking_id: booking.id, linked_booking_id: Number(chosen) })}
      onSaved={onSaved}
    >
      <TextInput
        label="Rechercher une réservation"
        description="Numéro, numéro alternatif, nom du client ou d'un passager (3 caractères au moins)"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      <ScrollArea.Autosize mah={320}>
        <Radio.Group value={chosen} onChange={setChosen} aria-label="Réservations trouvées">
          <Stack gap="xs">
            {candidates.map((b) => (
              <Radio
                key={b.id}
                value={String(b.id)}
                label={`${b.number}${b.number_alt ? ` (${b.number_alt})` : ''} · ${
                  b.referent_passenger?.full_name ?? 'sans passager référent'
                } · ${b.passengers_number} pass.`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {search !== '' && !results.isFetching && candidates.length === 0 && (
          <Text size="sm" c="dimmed">
            {MESSAGES.noResult}
          </Text>
        )}
      </ScrollArea.Autosize>
    </FormModal>
  );
}
