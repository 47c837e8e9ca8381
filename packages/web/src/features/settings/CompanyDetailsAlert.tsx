import { COMPANY_DETAILS, companyDetailsWarning } from '@app/domain';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canAccess } from '../../lib/guards';
import { pathTo } from '../../lib/routes';
import { useMe } from '../../session/store';
import { useSettings } from './SettingsForm';

// Issue 27: a new operator's company settings are empty and its tickets name nobody to call. Said where they are
// entered and on a booking's tickets tab, from the saved values (what the tickets print), until all are there.

const KEYS = COMPANY_DETAILS.map((detail) => detail.key);

/** The warning while the operator's details are missing; `withLink` adds the way to the settings page to those who may open it. */
export function CompanyDetailsAlert({ withLink = false }: { withLink?: boolean }) {
  const me = useMe();
  const settings = useSettings(KEYS, "Erreur de chargement des coordonnées de l'exploitant");
  const warning = settings.values ? companyDetailsWarning(settings.values) : null;
  if (!warning) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={16} aria-hidden />} p="sm">
      <Text size="sm">{warning}</Text>
      {withLink &&
        (canAccess('settings', me) ? (
          <Anchor component={Link} to={pathTo('settings-emails-global')} size="sm">
            Renseigner les coordonnées de l'exploitant
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Un administrateur peut les renseigner dans Paramètres › Emails.
          </Text>
        ))}
    </Alert>
  );
}
