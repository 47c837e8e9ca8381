import { MESSAGES, SETTING_DEFAULTS, type SettingKey } from '@app/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import { saveSettings, settingsReads } from '../../api/endpoints/settings';
import { fieldErrors } from '../../api/error-messages';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { FlagSwitch, LazyRichTextField, notifyFailure, notifySuccess } from '../../components';
import { setMe } from '../../session/store';

// The settings pages: a declared list of keys read with GET /api/settings (the
// stored rows, defaults for the others) and saved all together with PUT /api/settings (all or nothing).

export type SettingField = {
  key: SettingKey;
  label: string;
  kind: 'switch' | 'number' | 'text' | 'email' | 'url' | 'richtext' | 'textarea';
  description?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  isWide?: boolean;
  /** Characters at most of a 'textarea'. */
  maxLength?: number;
};

export type SettingsValues = Record<string, string>;

export const SETTINGS_FAILED = 'La modification des paramètres a échoué';

/** Reads the given keys: the stored value, else the default of the domain's SETTING_DEFAULTS. */
export function useSettings(keys: readonly SettingKey[], loadFailedMessage: string) {
  const result = useApiQuery(settingsReads.keys(keys), { failure: loadFailedMessage });
  const values: SettingsValues | undefined = result.data
    ? Object.fromEntries(
        keys.map((key) => [key, result.data.find((row) => row.key === key)?.value ?? SETTING_DEFAULTS[key]]),
      )
    : undefined;
  return { ...result, values };
}

const asPayload = (field: SettingField, value: string): unknown => {
  if (field.kind === 'switch') return value === '1' ? 1 : 0;
  if (field.kind === 'number') return value.trim() === '' ? 0 : Number(value);
  return value;
};

type SettingsFormProps = {
  title: string;
  description?: string;
  fields: SettingField[];
  loadFailedMessage: string;
  /** Beside the fields, following the values being edited (the planning card preview). */
  preview?: (values: SettingsValues) => ReactNode;
  /** Under the form (a test button, a snippet...). */
  children?: ReactNode;
  /** Above the fields (a warning about what is still to fill in). */
  notice?: ReactNode;
};

export function SettingsForm({
  title,
  description,
  fields,
  loadFailedMessage,
  preview,
  children,
  notice,
}: SettingsFormProps) {
  const invalidate = useInvalidate();
  const settings = useSettings(
    fields.map((field) => field.key),
    loadFailedMessage,
  );
  const [values, setValues] = useState<SettingsValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.values && values === null) setValues(settings.values);
  }, [settings.values, values]);
  const set = (key: string) => (value: string) => setValues((current) => ({ ...(current ?? {}), [key]: value }));

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values || isSaving) return;
    setSaving(true);
    setErrors({});
    try {
      await saveSettings({
        settings: Object.fromEntries(fields.map((field) => [field.key, asPayload(field, values[field.key] ?? '')])),
      });
    } catch (error) {
      notifyFailure(SETTINGS_FAILED, error);
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(error)).map(([key, message]) => [key.replace(/^settings\./, ''), message]),
        ),
      );
      setSaving(false);
      return;
    }
    // Saved: what follows only refreshes copies, and its failure (the user already left the page, a network
    // hiccup) must not call the save failed. Some settings change what every screen shows (widgets, ticketing):
    // the session's copy is read again, then the success is said, once the page holds the saved state.
    await invalidate('settings').catch(() => {});
    await authApi
      .me()
      .then(setMe)
      .catch(() => {});
    setSaving(false);
    notifySuccess(MESSAGES.saved);
  };

  const input = (field: SettingField) => {
    const value = values?.[field.key] ?? '';
    const common = { label: field.label, description: field.description, error: errors[field.key] };
    const style = field.isWide ? { gridColumn: '1 / -1' } : undefined;
    switch (field.kind) {
      case 'switch':
        return (
          <FlagSwitch
            key={field.key}
            {...common}
            value={value === '1' ? 1 : 0}
            onChange={(flag) => set(field.key)(String(flag))}
            style={{ alignSelf: 'center', ...style }}
          />
        );
      case 'richtext':
        return (
          <div key={field.key} style={{ gridColumn: '1 / -1' }}>
            <LazyRichTextField label={field.label} value={value} onChange={set(field.key)} />
          </div>
        );
      case 'textarea':
        return (
          <Textarea
            key={field.key}
            {...common}
            name={field.key}
            value={value}
            rows={4}
            maxLength={field.maxLength}
            onChange={(event) => set(field.key)(event.currentTarget.value)}
            style={style}
          />
        );
      default:
        return (
          <TextInput
            key={field.key}
            {...common}
            name={field.key}
            type={field.kind === 'number' ? 'number' : field.kind}
            min={field.min}
            max={field.max}
            step={field.step}
            value={value}
            maxLength={field.kind === 'url' ? 500 : 255}
            onChange={(event) => set(field.key)(event.currentTarget.value)}
            style={style}
          />
        );
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={save} aria-label={title}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {notice}
          {values === null ? (
            <Text c="dimmed">{settings.isError ? loadFailedMessage : 'Chargement...'}</Text>
          ) : (
            <Group align="flex-start" gap="xl" wrap="wrap">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" style={{ flex: '1 1 420px' }}>
                {fields.map(input)}
              </SimpleGrid>
              {preview && <div style={{ flex: '0 1 360px' }}>{preview(values)}</div>}
            </Group>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={isSaving}
              disabled={values === null}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </Paper>
      {children}
    </Stack>
  );
}
