import type { CapabilityRow as Capability } from '@app/domain';
import { Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { capabilitiesReads, saveRoleCapabilities } from '../../api/endpoints/capabilities';
import { useApiQueries, useApiQuery, useFailureNotice, useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { FlagSwitch, notifyFailure, notifySuccess } from '../../components';

// settings/capabilities (su only, issue 10): the role × capability matrix. Each switch saves the role's
// whole set at once (PUT /api/roles/{id}/capabilities); the server reads it again on every request, so the change
// applies to the next request of every signed-in user. The su role has every right and is shown for reference.

type Role = { id: number; slug: string; label: string };

const LOAD_FAILED = 'Erreur de chargement des droits des rôles';
const SAVE_FAILED = 'La modification des droits a échoué';

export default function CapabilitiesPage() {
  const invalidate = useInvalidate();
  // The matrix is one section: its three reads say their failure once.
  const capabilities = useApiQuery(capabilitiesReads.all, { failure: null });
  const roles = useApiQuery(resource<Role>('roles').list(), { failure: null });
  const editable = (roles.data ?? []).filter((role) => role.slug !== 'su');
  const sets = useApiQueries(
    editable.map((role) => capabilitiesReads.ofRole(role.id)),
    { failure: null },
  );
  useFailureNotice(LOAD_FAILED, capabilities, roles, ...sets);
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (role: Role, index: number, capability: Capability, isOn: boolean) => {
    const current = (sets[index]?.data ?? []).map((c) => c.slug);
    const next = isOn ? [...current, capability.slug] : current.filter((slug) => slug !== capability.slug);
    setSaving(`${role.id}-${capability.slug}`);
    try {
      await saveRoleCapabilities(role.id, next);
      await invalidate('roles');
      notifySuccess('Données sauvegardées');
    } catch (error) {
      notifyFailure(SAVE_FAILED, error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" maw={900}>
      <Text size="sm" c="dimmed" mb="sm">
        Le super utilisateur a tous les droits. Un changement s'applique dès la requête suivante de chaque utilisateur
        connecté.
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Droits des rôles" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Droit</Table.Th>
              {(roles.data ?? []).map((role) => (
                <Table.Th key={role.id} ta="center">
                  {role.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(capabilities.data ?? []).map((capability) => (
              <Table.Tr key={capability.id}>
                <Table.Td>{capability.label}</Table.Td>
                {(roles.data ?? []).map((role) => {
                  if (role.slug === 'su') {
                    return (
                      <Table.Td key={role.id} ta="center">
                        <FlagSwitch
                          value={1}
                          onChange={() => {}}
                          disabled
                          aria-label={`${capability.label} : ${role.label}`}
                          style={{ display: 'inline-block' }}
                        />
                      </Table.Td>
                    );
                  }
                  const index = editable.findIndex((r) => r.id === role.id);
                  const set = sets[index]?.data;
                  const isOn = (set ?? []).some((c) => c.slug === capability.slug);
                  return (
                    <Table.Td key={role.id} ta="center">
                      <FlagSwitch
                        value={isOn ? 1 : 0}
                        disabled={set === undefined || saving !== null}
                        onChange={(flag) => toggle(role, index, capability, flag === 1)}
                        aria-label={`${capability.label} : ${role.label}`}
                        style={{ display: 'inline-block' }}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
