import { type Customer, MESSAGES } from '@app/domain';
import { Badge, Button, Group, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { useSearchText } from '../../lib/debounce';
import { customerName } from './booking-model';
import classes from './CustomerPicker.module.css';

// Issue 27: a repeat customer is picked, not typed again (which made a duplicate). The booking's customer dialog
// searches the existing customers (name, company, email, phone) and shows enough of each to tell two Martins apart.

/** Results shown: enough to recognise one, few enough to read; a longer list asks for a longer text. */
const RESULTS = 10;

export type PickedCustomer = Customer & { bookings_count?: number };

const bookingsLabel = (count: number) => `${count} réservation${count > 1 ? 's' : ''}`;

/** What tells one customer from another: type, email, phone, town. */
const detailsOf = (customer: PickedCustomer): string[] =>
  [customer.customer_type?.label, customer.email, customer.phone, customer.town].filter((value): value is string =>
    Boolean(value),
  );

/** The search field and the customers it finds; choosing one hands it to `onPick` (the dialog then confirms). */
export function CustomerSearch({
  text,
  onTextChange,
  excludeId,
  onPick,
}: {
  text: string;
  onTextChange: (text: string) => void;
  /** The booking's current customer, left out when changing it. */
  excludeId?: number;
  onPick: (customer: PickedCustomer) => void;
}) {
  const search = useSearchText(text);
  const results = useApiQuery(
    resource('customers').page<PickedCustomer>({
      search,
      count: ['bookings'],
      page: 1,
      per_page: RESULTS,
      embed: ['customer_type'],
    }),
    { failure: MESSAGES.searchFailed, enabled: search !== '' },
  );
  const found = search === '' ? [] : (results.data?.data ?? []).filter((c) => c.id !== excludeId);
  const total = results.data?.count ?? 0;
  return (
    <Stack gap="xs">
      <TextInput
        label="Rechercher un client existant"
        description="Nom, raison sociale, email ou téléphone (3 caractères au moins)"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => onTextChange(event.currentTarget.value)}
        data-autofocus
      />
      {found.length > 0 && (
        <ScrollArea.Autosize mah={300}>
          <Stack gap={6} component="ul" className={classes.list} aria-label="Clients trouvés">
            {found.map((customer) => (
              <li key={customer.id}>
                <UnstyledButton className={classes.result} onClick={() => onPick(customer)}>
                  <Group justify="space-between" gap="sm" wrap="nowrap">
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={600} truncate>
                        {customerName(customer) || 'Client sans nom'}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {detailsOf(customer).join(' · ')}
                      </Text>
                    </Stack>
                    <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                      {bookingsLabel(customer.bookings_count ?? 0)}
                    </Badge>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {search !== '' && found.length === 0 && (
        <Text size="sm" c="dimmed">
          {results.isFetching ? 'Recherche...' : MESSAGES.noResult}
        </Text>
      )}
      {total > RESULTS && (
        <Text size="xs" c="dimmed">
          {`Les ${RESULTS} premiers de ${total} clients : précisez la recherche.`}
        </Text>
      )}
    </Stack>
  );
}

/** The confirm step: the customer chosen, in full, before « Associer ce client ». */
export function ChosenCustomer({ customer, onBack }: { customer: PickedCustomer; onBack: () => void }) {
  const address = [customer.address, [customer.zip_code, customer.town].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const count = customer.bookings_count ?? 0;
  return (
    <Stack gap="sm">
      <Text size="sm">Ce client sera associé à la réservation :</Text>
      <Paper withBorder p="sm" radius="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="sm">
            <Text fw={600}>{customerName(customer) || 'Client sans nom'}</Text>
            {customer.customer_type?.label && (
              <Badge variant="light" color="gray" tt="none">
                {customer.customer_type.label}
              </Badge>
            )}
          </Group>
          {[customer.email, customer.phone, address].filter(Boolean).map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            {count > 0 ? `Déjà lié à ${bookingsLabel(count)}.` : 'Lié à aucune autre réservation.'}
          </Text>
        </Stack>
      </Paper>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} aria-hidden />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
      >
        Choisir un autre client
      </Button>
    </Stack>
  );
}
