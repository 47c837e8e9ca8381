import { MESSAGES } from '@app/domain';
import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconPlugConnected, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { saveSettings, settingsReads, testShopConnection } from '../../api/endpoints/settings';
import { fieldErrors, serverMessage } from '../../api/error-messages';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { notifyFailure, notifySuccess } from '../../components';
import { SETTINGS_FAILED } from './SettingsForm';

// settings/online-shop (su only; issue 10): the WooCommerce shop's address, consumer key and secret. The
// secret is sealed on the server and never sent back: the page only knows whether one is saved, and sends a new one
// only when typed. « Tester la connexion » reads the shop with what is saved.

const KEYS = ['woocommerce_url', 'woocommerce_consumer_key', 'woocommerce_consumer_secret'];

export default function OnlineShopSettingsPage() {
  const invalidate = useInvalidate();
  const settings = useApiQuery(settingsReads.keys(KEYS), {
    failure: 'Erreur de chargement des paramètres de la boutique',
  });
  const stored = (key: string) => settings.data?.find((row) => row.key === key);
  const [url, setUrl] = useState<string | null>(null);
  const [consumerKey, setConsumerKey] = useState<string | null>(null);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null);
  const [isTesting, setTesting] = useState(false);
  const isSecretSet = Boolean(stored('woocommerce_consumer_secret')?.is_set);

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await saveSettings({
        settings: {
          woocommerce_url: url ?? stored('woocommerce_url')?.value ?? '',
          woocommerce_consumer_key: consumerKey ?? stored('woocommerce_consumer_key')?.value ?? '',
          ...(secret ? { woocommerce_consumer_secret: secret } : {}),
        },
      });
      setSecret('');
      notifySuccess(MESSAGES.saved);
      await invalidate('settings');
    } catch (error) {
      notifyFailure(SETTINGS_FAILED, error);
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(error)).map(([key, message]) => [key.replace(/^settings\./, ''), message]),
        ),
      );
    } finally {
      setSaving(false);
    }
  };
  const testConnection = async () => {
    setTesting(true);
    setTest(null);
    try {
      setTest(await testShopConnection());
    } catch (error) {
      setTest({ ok: false, message: serverMessage(error, 'Le test de connexion a échoué.') });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={save} aria-label="Boutique en ligne">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Boutique en ligne
            </Title>
            <Text size="sm" c="dimmed">
              Les commandes de votre boutique WooCommerce sont importées avec ces accès (API REST v3, clé en lecture).
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              type="url"
              label="Adresse de la boutique"
              placeholder="https://boutique.exemple.fr"
              value={url ?? stored('woocommerce_url')?.value ?? ''}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={errors.woocommerce_url}
              maxLength={500}
              style={{ gridColumn: '1 / -1' }}
            />
            <TextInput
              label="Clé client (consumer key)"
              value={consumerKey ?? stored('woocommerce_consumer_key')?.value ?? ''}
              onChange={(event) => setConsumerKey(event.currentTarget.value)}
              error={errors.woocommerce_consumer_key}
              maxLength={255}
              autoComplete="off"
            />
            <PasswordInput
              label="Secret client (consumer secret)"
              description={
                isSecretSet
                  ? 'Un secret est enregistré ; saisissez-en un autre pour le remplacer.'
                  : 'Aucun secret enregistré.'
              }
              placeholder={isSecretSet ? '••••••••••••' : ''}
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              error={errors.woocommerce_consumer_secret}
              maxLength={255}
              autoComplete="new-password"
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              onClick={testConnection}
              loading={isTesting}
            >
              Tester la connexion
            </Button>
            <Button
              type="submit"
              loading={isSaving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              disabled={settings.isLoading}
            >
              Enregistrer
            </Button>
          </Group>
          {test && (
            <Alert
              color={test.ok ? 'green' : 'red'}
              icon={test.ok ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
              role="status"
            >
              {test.message}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
